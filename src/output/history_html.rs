//! `ringloc history --format html`: one self-contained page for people: a line chart of lines of
//! code at each sampled commit (the total, the languages with the most code at the newest commit,
//! and the rest summed as one line), then a table of the same numbers. The chart is inline SVG
//! written here, with no script and nothing to load, so the page of a thousand commits opens at
//! once, offline, and reads the same with scripts off. It shares the count report's style sheet
//! and its colours (hues a golden angle apart, by rank).

use std::collections::BTreeSet;
use std::fmt::Write as _;
use std::io::{self, Write};

use super::history::utc;
use super::markup_text::escape;
use crate::git::Sample;
use crate::lang::LangId;

const STYLE: &str = include_str!("html/report.css");

/// What the history page adds to the report's style.
const HISTORY_STYLE: &str = "\
.legend { list-style: none; padding: 0; display: flex; flex-wrap: wrap; gap: 4px 18px; }
svg.chart { width: 100%; height: auto; background: var(--panel); }
.nowrap { white-space: nowrap; }
.wide { overflow-x: auto; }
";

/// Languages drawn with a line of their own; the others are summed into one.
const DRAWN: usize = 8;

/// The chart in SVG user units: its size, and the margins the axes' labels take.
const WIDTH: f64 = 960.0;
const HEIGHT: f64 = 360.0;
const LEFT: f64 = 64.0;
const RIGHT: f64 = 16.0;
const TOP: f64 = 12.0;
const BOTTOM: f64 = 28.0;

/// How many dates the time axis names at most.
const DATE_TICKS: usize = 6;

/// One line of the chart: what it counts, its colour, and its code lines at each sample.
#[derive(Debug, Clone, PartialEq)]
struct Series {
    name: String,
    colour: String,
    code: Vec<u64>,
}

/// The page: `source` names the repository and range in the heading.
pub fn write_html(samples: &[Sample], source: &str, out: &mut dyn Write) -> io::Result<()> {
    let series = series(samples);
    let mut page = String::with_capacity(4096 + samples.len() * 120);
    page.push_str("<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n");
    page.push_str("<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n");
    page.push_str("<title>ringloc history</title>\n<style>\n");
    page.push_str(STYLE);
    page.push_str(HISTORY_STYLE);
    page.push_str("</style>\n</head>\n<body>\n<header>\n<h1>ringloc history</h1>\n");
    let _ = writeln!(page, "<p id=\"roots\">{}</p>\n</header>\n<main>", escape(source));
    heading(&mut page, samples);
    if !samples.is_empty() {
        page.push_str("<section>\n<h2>Lines of code</h2>\n");
        chart(&mut page, samples, &series);
        legend(&mut page, &series);
        page.push_str("</section>\n");
        table(&mut page, samples, &series);
    }
    page.push_str("</main>\n</body>\n</html>\n");
    out.write_all(page.as_bytes())
}

/// The commits sampled and the dates they span.
fn heading(page: &mut String, samples: &[Sample]) {
    let s = if samples.len() == 1 { "" } else { "s" };
    let _ = write!(page, "<p class=\"hint\">{} commit{s} sampled", samples.len());
    match samples {
        [only] => {
            let _ = write!(page, " on {}", day(only.time));
        }
        [first, .., last] => {
            let _ = write!(page, ", {} to {}", day(first.time), day(last.time));
        }
        [] => {}
    }
    page.push_str(", oldest first.</p>\n");
}

/// The total, the [`DRAWN`] languages with the most code at the newest sample (then the most at
/// any sample, then by name), and the rest summed, where there are any.
fn series(samples: &[Sample]) -> Vec<Series> {
    let code = |s: &Sample, lang: &LangId| s.report.languages.get(lang).map_or(0, |t| t.counts.code);
    let langs: BTreeSet<LangId> = samples.iter().flat_map(|s| s.report.languages.keys().copied()).collect();
    let mut ranked: Vec<LangId> = langs.into_iter().collect();
    let newest = samples.last();
    let peak = |lang: &LangId| samples.iter().map(|s| code(s, lang)).max().unwrap_or(0);
    ranked.sort_by_cached_key(|lang| {
        (std::cmp::Reverse(newest.map_or(0, |s| code(s, lang))), std::cmp::Reverse(peak(lang)), lang.name())
    });
    let total = samples.iter().map(|s| s.report.total().counts.code).collect();
    let mut lines = vec![Series { name: "Total".into(), colour: "#1d232b".into(), code: total }];
    let drawn = ranked.len().min(DRAWN);
    for (rank, lang) in ranked[..drawn].iter().enumerate() {
        let code = samples.iter().map(|s| code(s, lang)).collect();
        lines.push(Series { name: lang.name().into(), colour: colour(rank), code });
    }
    let rest = &ranked[drawn..];
    if !rest.is_empty() {
        let code = samples.iter().map(|s| rest.iter().map(|lang| code(s, lang)).sum()).collect();
        let s = if rest.len() == 1 { "" } else { "s" };
        let name = format!("{} other language{s}", rest.len());
        lines.push(Series { name, colour: "#8a939c".into(), code });
    }
    lines
}

/// The count report's colour for the language of `rank` (`report.js`' `colourOf`).
fn colour(rank: usize) -> String {
    let hue = (rank as f64 * 137.508) % 360.0;
    let light = if rank % 2 == 1 { 45 } else { 58 };
    format!("hsl({hue:.0}, 62%, {light}%)")
}

/// Each sample's x: by commit time, each no earlier than the one before (first-parent histories
/// can step back in time, which would draw a line back over itself), or evenly where all share one
/// time.
fn xs(samples: &[Sample]) -> Vec<f64> {
    let mut latest = i64::MIN;
    let times: Vec<i64> = samples
        .iter()
        .map(|s| {
            latest = latest.max(s.time);
            latest
        })
        .collect();
    let span = WIDTH - LEFT - RIGHT;
    match (times.first(), times.last()) {
        (Some(&first), Some(&last)) if last > first => {
            times.iter().map(|&t| LEFT + span * (t - first) as f64 / (last - first) as f64).collect()
        }
        _ if times.len() > 1 => {
            (0..times.len()).map(|i| LEFT + span * i as f64 / (times.len() - 1) as f64).collect()
        }
        _ => vec![LEFT + span / 2.0; times.len()],
    }
}

/// The value axis: its top and its step, a 1, 2 or 5 times a power of ten giving at most five
/// steps up to the highest value.
fn value_axis(highest: u64) -> (u64, u64) {
    let mut power = 1u64;
    loop {
        for step in [1, 2, 5].map(|m| power.saturating_mul(m)) {
            let steps = highest.div_ceil(step);
            if steps <= 5 {
                return (steps.max(1).saturating_mul(step), step);
            }
        }
        power = power.saturating_mul(10);
    }
}

/// The SVG: grid lines and their values, dates along the bottom, a line a series.
fn chart(page: &mut String, samples: &[Sample], series: &[Series]) {
    let highest = series.iter().flat_map(|s| s.code.iter().copied()).max().unwrap_or(0);
    let (top, step) = value_axis(highest);
    let plot_height = HEIGHT - TOP - BOTTOM;
    let y = |v: u64| TOP + plot_height * (1.0 - v as f64 / top as f64);
    let _ = writeln!(
        page,
        "<svg class=\"chart\" viewBox=\"0 0 {WIDTH} {HEIGHT}\" role=\"img\" aria-label=\"Lines of code at each \
         sampled commit\" font-size=\"11\" fill=\"#5b6673\">"
    );
    for value in (0..=top).step_by(step as usize) {
        let at = y(value);
        let _ = writeln!(
            page,
            "<line x1=\"{LEFT}\" x2=\"{}\" y1=\"{at:.1}\" y2=\"{at:.1}\" stroke=\"#d8dde3\"/>\
             <text x=\"{}\" y=\"{:.1}\" text-anchor=\"end\">{}</text>",
            WIDTH - RIGHT,
            LEFT - 6.0,
            at + 4.0,
            compact(value)
        );
    }
    let xs = xs(samples);
    for i in date_ticks(samples.len()) {
        // The dates at the ends kept inside the chart.
        let anchor = match xs[i] {
            x if x <= LEFT => "start",
            x if x >= WIDTH - RIGHT => "end",
            _ => "middle",
        };
        let _ = writeln!(
            page,
            "<text x=\"{:.1}\" y=\"{}\" text-anchor=\"{anchor}\">{}</text>",
            xs[i],
            HEIGHT - 8.0,
            day(samples[i].time)
        );
    }
    for line in series.iter().rev() {
        let mut points: Vec<String> =
            xs.iter().zip(&line.code).map(|(x, &v)| format!("{x:.1},{:.1}", y(v))).collect();
        if let [only] = &points[..] {
            // One sample: a line of no length, which the round caps draw as a dot.
            points.push(only.clone());
        }
        let width = if line.name == "Total" { 2.5 } else { 1.5 } * if xs.len() == 1 { 3.0 } else { 1.0 };
        let _ = writeln!(
            page,
            "<polyline fill=\"none\" stroke=\"{}\" stroke-width=\"{width}\" stroke-linecap=\"round\" \
             stroke-linejoin=\"round\" points=\"{}\"><title>{}</title></polyline>",
            line.colour,
            points.join(" "),
            escape(&line.name)
        );
    }
    page.push_str("</svg>\n");
}

/// Which samples the time axis names: the first, the last, and evenly between.
fn date_ticks(samples: usize) -> Vec<usize> {
    match samples {
        0 => vec![],
        1 => vec![0],
        n => {
            let ticks = DATE_TICKS.min(n);
            let mut at: Vec<usize> = (0..ticks).map(|i| i * (n - 1) / (ticks - 1)).collect();
            at.dedup();
            at
        }
    }
}

/// Each line's name and colour, with its code at the newest sample.
fn legend(page: &mut String, series: &[Series]) {
    page.push_str("<ul class=\"legend\">\n");
    for line in series {
        let newest = line.code.last().copied().unwrap_or(0);
        let _ = writeln!(
            page,
            "<li><span class=\"swatch\" style=\"background: {}\"></span>{} <span class=\"hint\">{}</span></li>",
            line.colour,
            escape(&line.name),
            grouped(newest)
        );
    }
    page.push_str("</ul>\n");
}

/// A row a sample: its date, commit and each series' code lines.
fn table(page: &mut String, samples: &[Sample], series: &[Series]) {
    page.push_str("<section>\n<h2>Commits</h2>\n<div class=\"wide\">\n<table>\n");
    page.push_str("<thead><tr><th>Date</th><th>Commit</th>");
    for line in series {
        let _ = write!(page, "<th class=\"num\">{}</th>", escape(&line.name));
    }
    page.push_str("</tr></thead>\n<tbody>\n");
    for (i, sample) in samples.iter().enumerate() {
        let when = utc(sample.time);
        let id = sample.commit.to_string();
        let short = &id[..id.len().min(12)];
        let _ =
            write!(page, "<tr><td class=\"nowrap\">{when}</td><td><code title=\"{id}\">{short}</code></td>");
        for line in series {
            let _ = write!(page, "<td class=\"num\">{}</td>", grouped(line.code[i]));
        }
        page.push_str("</tr>\n");
    }
    page.push_str("</tbody>\n</table>\n</div>\n</section>\n");
}

/// The date of `seconds` since the epoch, UTC.
fn day(seconds: i64) -> String {
    utc(seconds)[..10].to_string()
}

/// An axis value in few characters: `950`, `12k`, `1.5M`.
fn compact(n: u64) -> String {
    let (scaled, unit) = match n {
        0..1_000 => return n.to_string(),
        1_000..1_000_000 => (n as f64 / 1e3, "k"),
        1_000_000..1_000_000_000 => (n as f64 / 1e6, "M"),
        _ => (n as f64 / 1e9, "G"),
    };
    let text = format!("{scaled:.1}");
    format!("{}{unit}", text.strip_suffix(".0").unwrap_or(&text))
}

/// `n` with its thousands apart: `1,234,567`.
fn grouped(n: u64) -> String {
    let digits = n.to_string();
    let mut out = String::with_capacity(digits.len() + digits.len() / 3);
    for (i, c) in digits.chars().enumerate() {
        if i > 0 && (digits.len() - i) % 3 == 0 {
            out.push(',');
        }
        out.push(c);
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::count::Counts;
    use crate::report::{Report, Totals};

    /// A sample at `time` whose languages have these lines of code.
    fn sample(time: i64, code: &[(&str, u64)]) -> Sample {
        let mut report = Report::default();
        for &(name, code) in code {
            let counts = Counts { lines: code + 1, code, comments: 1, blanks: 0 };
            report.languages.insert(
                LangId::from_name(name).unwrap(),
                Totals { files: 1, bytes: code * 10, counts, complexity: None },
            );
        }
        let commit = gix::ObjectId::from_hex(format!("{:040x}", time).as_bytes()).unwrap();
        Sample { commit, time, report }
    }

    fn page(samples: &[Sample], source: &str) -> String {
        let mut out = Vec::new();
        write_html(samples, source, &mut out).unwrap();
        String::from_utf8(out).unwrap()
    }

    /// Each drawn line's name and points, as the page has them.
    fn lines_drawn(page: &str) -> Vec<(String, Vec<(f64, f64)>)> {
        let mut lines = Vec::new();
        for polyline in page.split("<polyline ").skip(1) {
            let points = polyline.split("points=\"").nth(1).unwrap().split('"').next().unwrap();
            let points = points.split(' ').map(|p| p.split_once(',').unwrap());
            let points = points.map(|(x, y)| (x.parse().unwrap(), y.parse().unwrap())).collect();
            let name = polyline.split("<title>").nth(1).unwrap().split("</title>").next().unwrap();
            lines.push((name.to_string(), points));
        }
        lines
    }

    /// Three commits 100 and 200 seconds apart: x by time, y by code on an axis up to 400 (the
    /// total's highest, 350, rounded up to a step of 100).
    #[test]
    fn each_sample_is_drawn_where_its_time_and_code_say() {
        let samples = [
            sample(1_000, &[("Rust", 100), ("C", 50)]),
            sample(1_100, &[("Rust", 200), ("C", 50)]),
            sample(1_300, &[("Rust", 300), ("C", 50)]),
        ];
        let drawn = lines_drawn(&page(&samples, "repo (HEAD)"));
        let names: Vec<&str> = drawn.iter().map(|(n, _)| n.as_str()).collect();
        assert_eq!(names, ["C", "Rust", "Total"], "drawn last on top: the total");
        let (span, height) = (WIDTH - LEFT - RIGHT, HEIGHT - TOP - BOTTOM);
        let at = |t: f64, v: f64| (LEFT + span * (t - 1_000.0) / 300.0, TOP + height * (1.0 - v / 400.0));
        let want = [at(1_000.0, 150.0), at(1_100.0, 250.0), at(1_300.0, 350.0)];
        for ((x, y), (wx, wy)) in drawn[2].1.iter().zip(want) {
            assert!((x - wx).abs() < 0.06 && (y - wy).abs() < 0.06, "({x}, {y}) against ({wx}, {wy})");
        }
        assert_eq!(drawn[2].1.len(), 3);
    }

    /// Past the eight languages with the most code at the newest commit, the others are one line,
    /// their sum; the table has a row a commit and a column a line.
    #[test]
    fn languages_past_the_drawn_ones_are_summed_into_one_line() {
        let names = ["C", "Rust", "Go", "Java", "Python", "Ruby", "Perl", "Lua", "Haskell", "Elixir", "Zig"];
        let code: Vec<(&str, u64)> =
            names.iter().enumerate().map(|(i, &n)| (n, 1_000 - i as u64 * 10)).collect();
        let samples = [sample(5, &code[1..]), sample(9, &code)];
        let lines = series(&samples);
        let drawn: Vec<&str> = lines.iter().map(|s| s.name.as_str()).collect();
        assert_eq!(
            drawn,
            ["Total", "C", "Rust", "Go", "Java", "Python", "Ruby", "Perl", "Lua", "3 other languages"]
        );
        assert_eq!(lines[9].code, [920 + 910 + 900; 2]);
        assert_eq!(
            lines[0].code,
            [code[1..].iter().map(|c| c.1).sum::<u64>(), code.iter().map(|c| c.1).sum()]
        );
        assert_eq!(lines[1].code, [0, 1_000], "C came in at the newest commit");
        let page = page(&samples, "repo");
        assert_eq!(page.matches("<tr><td").count(), 2);
        assert_eq!(page.matches("<th class=\"num\">").count(), lines.len());
        assert!(page.contains("<td class=\"num\">10,450</td>"), "the newest total, grouped");
    }

    /// A first-parent history may step back in time; its line must not double back.
    #[test]
    fn a_commit_older_than_the_one_before_stays_at_that_ones_time() {
        let samples =
            [sample(10, &[("C", 1)]), sample(50, &[("C", 2)]), sample(30, &[("C", 3)]), sample(90, &[])];
        let drawn_at = xs(&samples);
        assert!(drawn_at.windows(2).all(|w| w[0] <= w[1]), "{drawn_at:?}");
        assert_eq!(drawn_at[1], drawn_at[2]);
        let same_time = [sample(7, &[("C", 1)]), sample(7, &[("C", 2)]), sample(7, &[("C", 3)])];
        assert_eq!(xs(&same_time), [LEFT, LEFT + (WIDTH - LEFT - RIGHT) / 2.0, WIDTH - RIGHT]);
        assert_eq!(xs(&same_time[..1]), [LEFT + (WIDTH - LEFT - RIGHT) / 2.0]);
    }

    #[test]
    fn axis_values_are_few_round_and_short() {
        assert_eq!(value_axis(0), (1, 1));
        assert_eq!(value_axis(7), (8, 2));
        assert_eq!(value_axis(350), (400, 100));
        assert_eq!(value_axis(333_171), (400_000, 100_000));
        assert_eq!(value_axis(1_000_001), (1_500_000, 500_000));
        assert_eq!(
            [0, 950, 12_000, 1_500_000, 2_000_000_000].map(compact),
            ["0", "950", "12k", "1.5M", "2G"]
        );
        assert_eq!([0, 999, 1_000, 1_234_567].map(grouped), ["0", "999", "1,000", "1,234,567"]);
        assert_eq!(date_ticks(3), [0, 1, 2]);
        // As `report.js` colours the count report's languages.
        assert_eq!([0, 1, 2].map(colour), ["hsl(0, 62%, 58%)", "hsl(138, 62%, 45%)", "hsl(275, 62%, 58%)"]);
        assert_eq!(date_ticks(100), [0, 19, 39, 59, 79, 99]);
    }

    /// The page loads nothing and runs nothing, whatever the repository's name; an empty history
    /// is a page that says so.
    #[test]
    fn the_page_loads_nothing_and_escapes_the_source() {
        let source = "<script>alert('x')</script> & \"more\"";
        let page = page(&[sample(1, &[("C", 5)])], source);
        let dot = lines_drawn(&page).into_iter().map(|(_, points)| points.len()).collect::<Vec<_>>();
        assert_eq!(dot, [2, 2], "one sample: each line a dot, its point twice");
        assert!(page.contains("&lt;script&gt;alert(&apos;x&apos;)&lt;/script&gt; &amp; &quot;more&quot;"));
        for banned in ["<script", "http:", "https:", "src=", "url(", "@import"] {
            assert!(!page.contains(banned), "{banned}");
        }
        let empty = super::tests::page(&[], "repo");
        assert!(empty.contains("0 commits sampled, oldest first.") && !empty.contains("<svg"));
    }
}
