// Go's reference: go/scanner, Go's own lexer from the standard library (no module is fetched).
// Reads one JSON request a line on stdin, {"text": SOURCE}, and answers one JSON line: the byte
// spans of the source's comments, or the error that kept the scanner from reading it. A comment's
// end is found in the source, not from the token's text, which drops carriage returns.
package main

import (
	"bufio"
	"bytes"
	"encoding/json"
	"fmt"
	"go/scanner"
	"go/token"
	"os"
)

type request struct {
	Text string `json:"text"`
}

type reply struct {
	Spans    [][2]int `json:"spans"`
	Unjudged [][2]int `json:"unjudged"`
	Error    string   `json:"error,omitempty"`
}

// spans scans src with comments kept and returns each comment's [start, end) byte span.
func spans(src []byte) ([][2]int, error) {
	fset := token.NewFileSet()
	file := fset.AddFile("src.go", -1, len(src))
	var first error
	onError := func(pos token.Position, msg string) {
		if first == nil {
			first = fmt.Errorf("go/scanner: line %d: %s", pos.Line, msg)
		}
	}
	var s scanner.Scanner
	s.Init(file, src, onError, scanner.ScanComments)
	found := [][2]int{}
	for {
		pos, tok, _ := s.Scan()
		if tok == token.EOF {
			break
		}
		if tok == token.COMMENT {
			start := file.Offset(pos)
			found = append(found, [2]int{start, commentEnd(src, start)})
		}
	}
	return found, first
}

// commentEnd is the offset just past the comment starting at start: its line's end for `//`, past
// the closing `*/` for `/*` (the scanner has reported an error where it is missing).
func commentEnd(src []byte, start int) int {
	if bytes.HasPrefix(src[start:], []byte("//")) {
		if end := bytes.IndexByte(src[start:], '\n'); end >= 0 {
			return start + end
		}
		return len(src)
	}
	if end := bytes.Index(src[start+2:], []byte("*/")); end >= 0 {
		return start + 2 + end + 2
	}
	return len(src)
}

func main() {
	in := bufio.NewReader(os.Stdin)
	out := json.NewEncoder(os.Stdout)
	for {
		line, err := in.ReadBytes('\n')
		if len(line) == 0 && err != nil {
			return
		}
		var req request
		answer := reply{Spans: [][2]int{}, Unjudged: [][2]int{}}
		if jerr := json.Unmarshal(line, &req); jerr != nil {
			answer.Error = "bad request: " + jerr.Error()
		} else if found, serr := spans([]byte(req.Text)); serr != nil {
			answer.Error = serr.Error()
		} else {
			answer.Spans = found
		}
		if werr := out.Encode(answer); werr != nil {
			return
		}
	}
}
