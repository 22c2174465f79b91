//! `--html` reports end to end: the page parses without errors and points nowhere else; it holds one
//! chart per family and solver (`run`), four (`compare`: cactus, scatter, time and ratio per file) or
//! one (`guess simulate`); and each chart's bars and points agree with the numbers in its caption.

use crate::common::{command_in, hard_instance, setup};

use scraper::{ElementRef, Html, Selector};
use tempfile::TempDir;

fn select<'a>(element: ElementRef<'a>, css: &str) -> Vec<ElementRef<'a>> {
    element.select(&Selector::parse(css).unwrap()).collect()
}

/// The report `name` in `dir`, parsed, after checking that it is self-contained: no URL, no script,
/// nothing loaded from elsewhere; its one link is its icon, inline, in the head before the style.
fn page(dir: &TempDir, name: &str) -> Html {
    let text = std::fs::read_to_string(dir.path().join(name)).unwrap();
    let icon = "<link rel=\"icon\" type=\"image/png\" href=\"data:image/png;base64,iVBORw0KGgo";
    let (head, rest) = text.split_once(icon).unwrap_or_else(|| panic!("no inline icon in {text}"));
    assert!(head.ends_with("</title>\n") && !rest.contains("<link"), "{text}");
    let (_, after_icon) = rest.split_once("\">\n<style>").expect("the icon's link closes before the style");
    let text = format!("{head}<style>{after_icon}");
    for outside in ["http://", "https://", "<script", "<link", "<img", "src=", "href=", "url("] {
        assert!(!text.contains(outside), "{outside} in {text}");
    }
    let page = Html::parse_document(&text);
    assert!(page.errors.is_empty(), "{:?}", page.errors);
    page
}

/// The figures of `page`, after checking that each holds one chart and that the page has no other.
fn figures(page: &Html) -> Vec<ElementRef<'_>> {
    let figures = select(page.root_element(), "figure");
    for figure in &figures {
        assert_eq!(select(*figure, "svg").len(), 1);
    }
    assert_eq!(select(page.root_element(), "svg").len(), figures.len());
    figures
}

/// The series of `figure`'s legend: name and colour.
fn legend(figure: ElementRef) -> Vec<(String, String)> {
    select(figure, "figcaption .legend .swatch")
        .into_iter()
        .map(|swatch| {
            let name = swatch.next_sibling().unwrap().value().as_text().unwrap().to_string();
            let colour = swatch.attr("style").unwrap().strip_prefix("background:").unwrap().to_string();
            (name, colour)
        })
        .collect()
}

/// The rows of the table in `figure`'s caption, as text.
fn caption_rows(figure: ElementRef) -> Vec<Vec<String>> {
    select(figure, "figcaption table tr")
        .into_iter()
        .skip(1)
        .map(|row| select(row, "td").into_iter().map(|cell| cell.text().collect()).collect())
        .collect()
}

/// Column `column` of the caption table, as counts.
fn counts(figure: ElementRef, column: usize) -> Vec<usize> {
    caption_rows(figure).iter().map(|row| row[column].parse().unwrap()).collect()
}

/// The chart's elements `tag` whose attribute `attribute` is `colour`.
fn drawn<'a>(figure: ElementRef<'a>, tag: &str, attribute: &str, colour: &str) -> Vec<ElementRef<'a>> {
    select(figure, &format!("svg {tag}"))
        .into_iter()
        .filter(|element| element.attr(attribute).is_some_and(|value| value.eq_ignore_ascii_case(colour)))
        .collect()
}

fn number(element: ElementRef, attribute: &str) -> f64 {
    element.attr(attribute).unwrap().parse().unwrap()
}

/// Checks that `bars` (in any order) show the non-zero `counts` from left to right, heights in
/// proportion to the counts.
fn bars_show(bars: &[ElementRef], counts: &[usize]) {
    let counts: Vec<f64> = counts.iter().filter(|count| **count > 0).map(|count| *count as f64).collect();
    let mut bars: Vec<(f64, f64)> =
        bars.iter().map(|bar| (number(*bar, "x"), number(*bar, "height"))).collect();
    bars.sort_by(|a, b| a.0.total_cmp(&b.0));
    assert_eq!(bars.len(), counts.len(), "{bars:?} for {counts:?}");
    let (_, tallest) = bars.iter().copied().fold((0.0, 0.0), |a, b| if b.1 > a.1 { b } else { a });
    let most = counts.iter().copied().fold(0.0, f64::max);
    for ((_, height), count) in bars.iter().zip(&counts) {
        // Plotters rounds every edge to the pixel.
        assert!((height / tallest - count / most).abs() * tallest <= 2.0, "{bars:?} for {counts:?}");
    }
}

#[test]
fn run_draws_a_time_histogram_per_family_and_solver() {
    let (dir, mut command) = setup(&[
        ("a/one.csv", "1\n0,1,0\n"),
        ("a/three.csv", "3\n0,1,0\n1,2,0\n3,4,1\n5,0,2\n"),
        ("a/none.csv", "2\n0,1,0\n0,2,1\n1,2,1\n"),
        ("b/spec.guess", include_str!("../datasets/guess/spec-example.guess")),
    ]);
    command.args(["run", ".", "--html", "report.html"]).assert().success();
    let page = page(&dir, "report.html");
    // The results table, its verdicts coloured, is still there: one row per file, scrolling sideways
    // in its box.
    assert_eq!(select(page.root_element(), "body > div.scroll > table tr").len(), 5);
    // The summary and the charts come first, the table after them.
    let order: Vec<String> = select(page.root_element(), "body > *")
        .into_iter()
        .map(|element| {
            element.value().name().to_string()
                + &element.value().attr("class").map(|class| format!(".{class}")).unwrap_or_default()
        })
        .collect();
    assert_eq!(
        order,
        ["h1", "p", "h2", "figure", "figure", "h2", "div.scroll"].map(String::from),
        "{order:?}"
    );
    assert!(select(page.root_element(), "body > p")
        .first()
        .unwrap()
        .text()
        .collect::<String>()
        .starts_with("4 files: 3 solved, 1 no round"));
    let figures = figures(&page);
    assert_eq!(figures.len(), 2);
    for (figure, family, files) in [(figures[0], "tournament, ", 3), (figures[1], "guess, ", 1)] {
        let title: String = select(figure, "svg text").first().unwrap().text().collect();
        assert!(title.trim().starts_with(family) && title.trim().ends_with(": time per file"), "{title}");
        assert!(legend(figure).is_empty());
        let counts = counts(figure, 1);
        assert_eq!(counts.iter().sum::<usize>(), files);
        // Buckets run from the fastest file's to the slowest's.
        assert!(counts[0] > 0 && counts[counts.len() - 1] > 0, "{counts:?}");
        // The bars are the rectangles that are not the white background.
        let bars: Vec<ElementRef> = select(figure, "svg rect")
            .into_iter()
            .filter(|rect| rect.attr("fill").is_some_and(|fill| fill != "#FFFFFF" && fill != "none"))
            .collect();
        bars_show(&bars, &counts);
        // Each bucket is 1, 2 or 5 times a power of ten wide, named in the caption.
        for row in caption_rows(figure) {
            assert!(row[0].contains('–') && (row[0].ends_with(" µs") || row[0].ends_with(" ms")), "{row:?}");
        }
    }
}

#[test]
fn run_leaves_timeouts_out_of_the_histogram_and_says_so() {
    let (dir, mut command) = setup(&[("one.csv", "1\n0,1,0\n"), ("hard.csv", &hard_instance())]);
    command.args(["run", ".", "--timeout", "0.1", "--html", "report.html"]).assert().code(1);
    let page = page(&dir, "report.html");
    let figures = figures(&page);
    assert_eq!(figures.len(), 1);
    assert_eq!(counts(figures[0], 1).iter().sum::<usize>(), 1);
    let note: String = select(figures[0], "figcaption > p").first().unwrap().text().collect();
    assert_eq!(note, "1 timeout not shown");
}

#[test]
fn compare_draws_a_cactus_plot_a_scatter_plot_time_and_ratio_per_file_and_the_heap_peaks() {
    let (dir, mut command) =
        setup(&[("one.csv", "1\n0,1,0\n"), ("three.csv", "3\n0,1,0\n1,2,0\n3,4,1\n5,0,2\n")]);
    command
        .args(["compare", ".", "--solvers", "backtrack,dlx", "--timeout", "10", "--html", "compare.html"])
        .assert()
        .success();
    let page = page(&dir, "compare.html");
    let figures = figures(&page);
    assert_eq!(figures.len(), 5, "cactus, scatter, time per file, ratio per file, heap per file");
    // The cactus plot: one line per solver and the virtual best, a point per file each solved (both
    // solvers solved both files), and the time limit as the one grey line.
    let cactus = figures[0];
    let series = legend(cactus);
    let names: Vec<&str> = series.iter().map(|(name, _)| name.as_str()).collect();
    assert_eq!(names, ["backtrack", "dlx", "virtual best"]);
    for (_, colour) in &series {
        assert_eq!(drawn(cactus, "polyline", "stroke", colour).len(), 1);
        assert_eq!(drawn(cactus, "circle", "fill", colour).len(), 2);
    }
    assert_eq!(drawn(cactus, "polyline", "stroke", "#999999").len(), 1, "the time limit");
    // The scatter plot of the one pair: a point per file, the diagonal and the limit on each axis in
    // grey, the 2× lines in light grey.
    let scatter = figures[1];
    assert_eq!(select(scatter, "circle").len(), 2);
    assert_eq!(drawn(scatter, "polyline", "stroke", "#999999").len(), 3);
    assert_eq!(drawn(scatter, "polyline", "stroke", "#CCCCCC").len(), 2);
    // In process, the heap peak of each solver on each file: per solver a bar per file (none empty:
    // every solve allocates) and its swatch in the chart's own legend.
    let heap = figures[4];
    assert!(heap.text().any(|text| text.trim() == "Peak heap per file"), "the heap chart is last");
    for (_, colour) in &legend(heap) {
        let rects = drawn(heap, "rect", "fill", colour);
        assert_eq!(rects.len(), 3);
        assert!(rects.iter().all(|rect| number(*rect, "height") > 0.0));
    }
    let figures = &figures[2..4];
    // The files are numbered in table order.
    assert_eq!(
        caption_rows(figures[0]),
        [["1", "./one.csv"], ["2", "./three.csv"]].map(|row| row.map(String::from).to_vec()).to_vec()
    );
    for &figure in figures {
        let series = legend(figure);
        let names: Vec<&str> = series.iter().map(|(name, _)| name.as_str()).collect();
        assert_eq!(names, ["backtrack", "dlx"]);
        assert_ne!(series[0].1, series[1].1);
        for (_, colour) in &series {
            // One line through a point per file.
            assert_eq!(drawn(figure, "polyline", "stroke", colour).len(), 1);
            assert_eq!(drawn(figure, "circle", "fill", colour).len(), 2);
        }
    }
    // On each file one solver is the fastest, its ratio 1 at the foot of the log axis.
    let ratio = figures[1];
    let lowest = |colour: &str| -> Vec<f64> {
        drawn(ratio, "circle", "fill", colour).into_iter().map(|point| number(point, "cy")).collect()
    };
    let series = legend(ratio);
    let (backtrack, dlx) = (lowest(&series[0].1), lowest(&series[1].1));
    let foot = backtrack.iter().chain(&dlx).copied().fold(0.0, f64::max);
    for file in 0..2 {
        assert!(backtrack[file] == foot || dlx[file] == foot, "{backtrack:?} {dlx:?}");
    }
}

#[test]
fn the_heap_chart_of_many_files_thins_its_file_numbers_until_none_overlaps() {
    let names: Vec<String> = (1..=60).map(|number| format!("f{number:02}.csv")).collect();
    let files: Vec<(&str, &str)> = names.iter().map(|name| (name.as_str(), "1\n0,1,0\n")).collect();
    let (dir, mut command) = setup(&files);
    command.args(["compare", ".", "--solvers", "backtrack,dlx", "--html", "compare.html"]).assert().success();
    let page = page(&dir, "compare.html");
    let heap = *figures(&page).last().unwrap();
    assert!(heap.text().any(|text| text.trim() == "Peak heap per file"));
    // The labels under the axis: the texts in the lowest row but the axis' description.
    let texts = select(heap, "svg text");
    let row = texts.iter().map(|text| number(*text, "y")).filter(|y| *y < 330.0).fold(0.0, f64::max);
    let labels: Vec<(String, f64, f64)> = texts
        .iter()
        .filter(|text| number(**text, "y") == row)
        .map(|text| {
            (
                text.text().collect::<String>().trim().to_string(),
                number(*text, "x"),
                number(*text, "font-size"),
            )
        })
        .collect();
    // 60 files in about 600 pixels: every fifth number, centred under its file's bars.
    let shown: Vec<&str> = labels.iter().map(|(text, _, _)| text.as_str()).collect();
    assert_eq!(shown, ["5", "10", "15", "20", "25", "30", "35", "40", "45", "50", "55", "60"]);
    for pair in labels.windows(2) {
        let ((left, at, size), (right, next, _)) = (&pair[0], &pair[1]);
        // A sans-serif character is at most 0.6 of the font's size wide: half of each label apart.
        let room = (left.len() + right.len()) as f64 * 0.6 * size / 2.0;
        assert!(next - at >= room, "{left} at {at}, {right} at {next}");
    }
}

#[test]
fn simulate_draws_the_guess_histogram_of_every_strategy_in_one_chart() {
    let (dir, mut command) = setup(&[("secrets.txt", "3242\n1000\n")]);
    command
        .args([
            "guess",
            "simulate",
            "--strategy",
            "first,minimax",
            "--secrets",
            "secrets.txt",
            "--html",
            "sim.html",
        ])
        .assert()
        .success();
    let page = page(&dir, "sim.html");
    let figures = figures(&page);
    assert_eq!(figures.len(), 1);
    let figure = figures[0];
    let series = legend(figure);
    let names: Vec<&str> = series.iter().map(|(name, _)| name.as_str()).collect();
    assert_eq!(names, ["first", "minimax"]);
    // With `first`, 1000 is found at once and 3242 in 6 guesses (the specification's example).
    let first = counts(figure, 1);
    assert_eq!(first, [1, 0, 0, 0, 0, 1]);
    let minimax = counts(figure, 2);
    assert_eq!(minimax.len(), 6);
    assert_eq!(minimax.iter().sum::<usize>(), 2);
    bars_show(&drawn(figure, "rect", "fill", &series[0].1), &first);
    bars_show(&drawn(figure, "rect", "fill", &series[1].1), &minimax);
}

#[test]
fn compare_shows_an_input_every_solver_finds_invalid_as_intended_not_as_a_failure() {
    let (dir, mut command) = setup(&[
        ("one.csv", "1\n0,1,0\n"),
        ("bad.csv", "0\n"),
        ("bad.csv.expected", "The number of tables must be positive.\n"),
    ]);
    command.args(["compare", ".", "--solvers", "backtrack,dlx", "--html", "compare.html"]).assert().success();
    let page = page(&dir, "compare.html");
    let cell = select(page.root_element(), "td")
        .into_iter()
        .find(|cell| cell.text().collect::<String>().starts_with("invalid: "))
        .expect("the invalid file's answer");
    assert_eq!(cell.text().collect::<String>(), "invalid: The number of tables must be positive.");
    assert_eq!(cell.value().attr("class"), Some("warn"), "not bold red as a failure is");
}

/// Each solver's colour on every page, worked out from its place among its family's solvers
/// (backtrack, dlx, dlx-frb, dlx-restarts, sat, portfolio) in the Okabe–Ito palette; the virtual best's grey.
const COLOURS: [(&str, &str); 4] =
    [("backtrack", "#0072B2"), ("dlx", "#E69F00"), ("sat", "#CC79A7"), ("virtual best", "#444444")];

/// The colour `COLOURS` gives `name`.
fn colour_of(name: &str) -> &'static str {
    COLOURS.iter().find(|(solver, _)| *solver == name).map(|(_, colour)| *colour).unwrap()
}

/// The legend drawn inside `figure`'s chart: each series' name and the colour of its swatch (the
/// 12 px square on the name's line), for the names of `COLOURS`.
fn svg_legend(figure: ElementRef) -> Vec<(String, String)> {
    let swatches: Vec<(String, String)> = select(figure, "svg rect[width='12'][height='12']")
        .into_iter()
        .map(|rect| (rect.attr("y").unwrap().to_string(), rect.attr("fill").unwrap().to_string()))
        .collect();
    select(figure, "svg text")
        .into_iter()
        .filter_map(|text| {
            let name = text.text().collect::<String>().trim().to_string();
            COLOURS.iter().any(|(solver, _)| *solver == name).then_some((name, text.attr("y")?))
        })
        .map(|(name, y)| {
            let swatch =
                swatches.iter().find(|(at, _)| at == y).unwrap_or_else(|| panic!("{name}: no swatch"));
            (name, swatch.1.clone())
        })
        .collect()
}

/// The colours of the data drawn in `figure`: the fills of its circles and of its rectangles other
/// than the white ground and the legend's frame, and the strokes of its lines, greys left out.
fn data_colours(figure: ElementRef) -> std::collections::BTreeSet<String> {
    let greys = ["#FFFFFF", "#999999", "#CCCCCC", "#000000", "NONE"];
    let mut found = std::collections::BTreeSet::new();
    for (tag, attribute) in
        [("circle", "fill"), ("circle", "stroke"), ("rect", "fill"), ("polyline", "stroke")]
    {
        for element in select(figure, &format!("svg {tag}")) {
            if let Some(colour) = element.attr(attribute).map(str::to_uppercase) {
                if !greys.contains(&colour.as_str()) {
                    found.insert(colour);
                }
            }
        }
    }
    found
}

#[test]
fn each_solver_keeps_its_colour_on_every_chart_legend_and_page() {
    let (dir, mut command) = setup(&[
        ("in/one.csv", "1\n0,1,0\n"),
        ("in/three.csv", "3\n0,1,0\n1,2,0\n3,4,1\n5,0,2\n"),
        ("in/deep/two.csv", "2\n0,1,0\n2,3,1\n"),
    ]);
    command
        .args([
            "compare",
            "in",
            "--solvers",
            "sat,backtrack,dlx",
            "--timeout",
            "10",
            "--html",
            "compare.html",
        ])
        .assert()
        .success();
    let compare = page(&dir, "compare.html");
    let charts = figures(&compare);
    // Cactus, two scatters (against the single best), time, ratio, heap.
    assert_eq!(charts.len(), 6);
    for figure in &charts {
        // The caption's legend and the chart's own name each series with its solver's colour.
        for (name, colour) in legend(*figure).iter().chain(&svg_legend(*figure)) {
            assert_eq!(colour.to_uppercase(), colour_of(name), "{name} in {}", figure.html());
        }
        // And nothing is drawn in a colour the legend does not give a solver of this page.
        let title: String = select(*figure, "svg text").first().unwrap().text().collect();
        let allowed: Vec<&str> = if title.contains(" against ") {
            // A scatter plot: the points are the solver's, set against the baseline.
            vec![colour_of(title.trim().split(' ').next().unwrap())]
        } else {
            legend(*figure).iter().map(|(name, _)| colour_of(name)).collect()
        };
        for colour in data_colours(*figure) {
            assert!(allowed.contains(&colour.as_str()), "{colour} in {title}: {allowed:?}");
        }
    }
    // The scatter plots draw each solver's points in its colour (once shifted by one).
    let scatters: Vec<_> = charts
        .iter()
        .filter(|figure| {
            select(**figure, "svg text").first().unwrap().text().any(|text| text.contains(" against "))
        })
        .collect();
    assert_eq!(scatters.len(), 2);
    for scatter in scatters {
        let title: String = select(*scatter, "svg text").first().unwrap().text().collect();
        let solver = title.trim().split(' ').next().unwrap().to_string();
        let circles = select(*scatter, "svg circle");
        assert_eq!(circles.len(), 3, "a point per file");
        assert!(circles.iter().all(|circle| circle.attr("fill") == Some(colour_of(&solver))), "{title}");
    }
    // Each chart names the statistic it plots: the mean, as the results table's caption says.
    let svg_texts: String =
        select(compare.root_element(), "svg text").iter().flat_map(|text| text.text()).collect();
    assert!(svg_texts.contains("mean time of the runs (log scale)"), "the time chart's axis");
    assert!(svg_texts.contains("mean time per instance, sorted (log scale)"), "the cactus plot's axis");
    let caption: String =
        select(compare.root_element(), "body > div.scroll > table > caption")[0].text().collect();
    assert_eq!(
        caption,
        "Paths are relative to in/. Each time is the solver's one run on the file, as the charts plot it; \
         the ratio is that time over the fastest solver's."
    );
    // The files relative to that folder, breaking only after a slash; the score table under a heading.
    let files: Vec<String> = select(compare.root_element(), "body > div.scroll > table tr td:first-child")
        .iter()
        .map(|cell| cell.text().collect())
        .collect();
    assert_eq!(files[..3], ["deep/two.csv", "one.csv", "three.csv"]);
    let html = std::fs::read_to_string(dir.path().join("compare.html")).unwrap();
    assert!(html.contains("<td title=\"in/deep/two.csv\">deep/<wbr>two.csv</td>"), "{html}");
    assert!(html.contains("<h2>Solver scores</h2>\n<div class=\"scroll\"><table>"), "{html}");

    // `run` with dlx: its histogram's bars in dlx's colour.
    let (run_dir, mut command) = setup(&[("one.csv", "1\n0,1,0\n")]);
    command.args(["run", ".", "--solver", "dlx", "--html", "run.html"]).assert().success();
    let run = page(&run_dir, "run.html");
    let histogram = figures(&run)[0];
    assert_eq!(data_colours(histogram).into_iter().collect::<Vec<_>>(), [colour_of("dlx")]);

    // `diff` of two compare reports: each solver's points in its colour, as on the other pages.
    for report in ["old.jsonl", "new.jsonl"] {
        command_in(dir.path())
            .args(["compare", "in", "--solvers", "backtrack,dlx", "--json", report, "-q"])
            .assert()
            .success();
    }
    command_in(dir.path()).args(["diff", "old.jsonl", "new.jsonl", "--html", "diff.html"]).assert().success();
    let diff = page(&dir, "diff.html");
    let chart = figures(&diff)[0];
    let names: Vec<String> = legend(chart)
        .into_iter()
        .map(|(name, colour)| {
            assert_eq!(colour, colour_of(&name));
            name
        })
        .collect();
    assert_eq!(names, ["backtrack", "dlx"]);
    for colour in data_colours(chart) {
        assert!(colour == colour_of("backtrack") || colour == colour_of("dlx"), "{colour}");
    }
    assert_eq!(select(chart, "svg circle").len(), 6, "a point per file and solver");
}
