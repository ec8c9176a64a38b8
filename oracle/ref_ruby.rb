# Ruby's reference: Ripper, Ruby's own lexer. Reads one file path a line on stdin and answers one
# JSON line: the byte spans of its comments (`#` comments and =begin/=end blocks), and the data
# after __END__ as unjudged (it is no Ruby), or the error that kept Ripper from reading it.
require "ripper"
require "json"

COMMENTS = %i[on_comment on_embdoc_beg on_embdoc on_embdoc_end].freeze

def spans(src)
  starts = [0]
  src.each_line { |line| starts << starts.last + line.bytesize }
  comments = []
  unjudged = []
  Ripper.lex(src, raise_errors: true).each do |(line, column), type, text, _state|
    start = starts[line - 1] + column
    if COMMENTS.include?(type)
      comments << [start, start + text.bytesize]
    elsif type == :on___end__
      unjudged << [start, src.bytesize]
    end
  end
  { spans: comments, unjudged: unjudged }
end

$stdout.sync = true
$stdin.each_line do |path|
  reply =
    begin
      src = File.binread(path.chomp).force_encoding(Encoding::UTF_8)
      raise ArgumentError, "not UTF-8" unless src.valid_encoding?
      spans(src)
    rescue Exception => e # rubocop:disable Lint/RescueException -- SyntaxError is not a StandardError
      { error: "ripper: #{e.message.lines.first&.chomp}" }
    end
  puts JSON.generate(reply)
end
