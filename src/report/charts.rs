//! Charts for the HTML report, drawn by plotters into SVG text: bar charts (a histogram, or one bar
//! per series side by side) and line charts on a log scale. Each function takes plain data and
//! returns one `<svg>` element to put inline in a page.
//!
//! Text is written as SVG `<text>` in the browser's sans-serif font: plotters only estimates its
//! size for the layout, so no font file is read. The SVG namespace attribute is left out (HTML gives
//! inline `<svg>` that namespace), so the page holds no URL. Bars are filled rectangles, lines are
//! polylines and their points filled circles (or rings), each in the colour the caller gives its
//! series: a solver's is [`solver_colour`] of its name, from a colour-blind safe palette, the same on
//! every chart and page; nothing else in a chart has those colours but the legend's swatches
//! (rectangles), which a chart given series names draws inside its plot. Guides (diagonals, time
//! limits) are grey.

use std::ops::Range;

use plotters::coord::ranged1d::{DefaultFormatting, KeyPointHint};
use plotters::coord::types::RangedCoordf64;
use plotters::coord::Shift;
use plotters::prelude::*;

/// Width and height of every chart, in pixels.
const SIZE: (u32, u32) = (720, 360);

/// The series colours: the Okabe–Ito palette, which readers with any common colour-vision
/// deficiency can tell apart (its black left out: the axes are black).
const PALETTE: [Colour; 7] = [
    Colour(0x00, 0x72, 0xB2), // blue
    Colour(0xE6, 0x9F, 0x00), // orange
    Colour(0x00, 0x9E, 0x73), // bluish green
    Colour(0xD5, 0x5E, 0x00), // vermillion
    Colour(0xCC, 0x79, 0xA7), // reddish purple
    Colour(0x56, 0xB4, 0xE9), // sky blue
    Colour(0xF0, 0xE4, 0x42), // yellow
];

/// The colour of the virtual best solver's series in `compare`: a dark grey, no solver's colour.
pub const VIRTUAL_BEST: Colour = Colour(0x44, 0x44, 0x44);

/// The grey of the guides: a diagonal, a time limit.
const GUIDE: RGBColor = RGBColor(0x99, 0x99, 0x99);

/// The lighter grey of the 2× and ½× lines beside a scatter chart's diagonal.
const FACTOR: RGBColor = RGBColor(0xCC, 0xCC, 0xCC);

/// The colour of a series: red, green and blue from 0 to 255.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Colour(pub u8, pub u8, pub u8);

impl Colour {
    /// `#RRGGBB`, as the SVG and a legend's swatch write it.
    pub fn hex(self) -> String {
        let Colour(red, green, blue) = self;
        format!("#{red:02X}{green:02X}{blue:02X}")
    }

    fn rgb(self) -> RGBColor {
        RGBColor(self.0, self.1, self.2)
    }
}

/// The colour of the solver (or guess strategy) called `name`, the same on every chart and page of
/// every report (`run`, `compare`, `diff`, `guess simulate`): its place in its family's list of
/// solvers (the first family of the registry that offers the name) picks the palette's colour, so
/// that the solvers of one family never share one; a name no family offers (a report of another
/// version) takes the colour its FNV-1a hash picks.
pub fn solver_colour(name: &str) -> Colour {
    let place = crate::family::FAMILIES
        .iter()
        .find_map(|family| family.solvers().iter().position(|solver| solver.name == name));
    let index = place.unwrap_or_else(|| {
        let hash = name.bytes().fold(0xcbf2_9ce4_8422_2325_u64, |hash, byte| {
            (hash ^ u64::from(byte)).wrapping_mul(0x0000_0100_0000_01B3)
        });
        (hash % PALETTE.len() as u64) as usize
    });
    PALETTE[index % PALETTE.len()]
}

/// The lines drawn behind a scatter chart's points.
#[derive(Debug, Clone, Copy, Default)]
pub struct Guides {
    /// The lines `y = 2x` and `y = x/2` (light grey) beside the diagonal.
    pub twice: bool,
    /// A time limit, in milliseconds: a grey line across each axis there.
    pub limit: Option<f64>,
}

/// One series of a scatter chart: its points `(x, y)`, their colour, and whether they are drawn as
/// rings (outlined circles) rather than filled circles.
#[derive(Debug, Clone)]
pub struct Points {
    /// The points.
    pub points: Vec<(f64, f64)>,
    /// Their colour.
    pub colour: Colour,
    /// Rings instead of filled circles.
    pub ring: bool,
}

/// Where the labels under a bar chart go.
pub enum XLabels {
    /// One label under the middle of each group of bars (the groups are categories).
    Centred(Vec<String>),
    /// One label at each edge between groups, one more than groups (the groups are ranges).
    Edges(Vec<String>),
}

/// A bar chart: one group of bars per category, in each group one bar per series, left to right in
/// series order, of the height given in `series[s][group]`, in the colour `colours[s]`. Bars of zero
/// are not drawn. The y axis counts from 0. With `names` (one per series), a legend in the upper
/// right names them.
///
/// # Errors
/// Plotters cannot lay the chart out.
pub fn bar_chart_svg(
    title: &str,
    (x_desc, y_desc): (&str, &str),
    labels: &XLabels,
    series: &[Vec<usize>],
    colours: &[Colour],
    names: &[String],
) -> anyhow::Result<String> {
    let (groups, ticks): (usize, Vec<(f64, &String)>) = match labels {
        XLabels::Centred(names) => {
            (names.len(), names.iter().enumerate().map(|(group, name)| (group as f64 + 0.5, name)).collect())
        }
        XLabels::Edges(names) => (
            names.len().saturating_sub(1),
            names.iter().enumerate().map(|(edge, name)| (edge as f64, name)).collect(),
        ),
    };
    // Every `step`-th label only, so that no two run together.
    let step = label_step(ticks.iter().map(|(_, name)| name.chars().count()), groups);
    let ticks: Vec<(f64, &String)> = ticks.into_iter().skip(step - 1).step_by(step).collect();
    let highest = series.iter().flatten().copied().max().unwrap_or(0);
    let bar_width = 0.8 / series.len().max(1) as f64;
    draw(|root| {
        let x = Ticks::new(0.0..groups.max(1) as f64, ticks.iter().map(|(at, _)| *at).collect());
        // A tenth above the highest bar; with a legend, room for it above the bars too (a row is
        // about 7% of the plot's height, its frame 12%).
        let top = match names.len() {
            0 => highest + highest / 10 + 1,
            rows => highest * 100 / (88 - rows.min(10) * 7) + 1,
        };
        let mut chart = builder(root, title).build_cartesian_2d(x, 0..top)?;
        let x_label = |at: &f64| {
            ticks.iter().find(|(tick, _)| tick == at).map_or_else(String::new, |(_, name)| name.to_string())
        };
        chart
            .configure_mesh()
            .disable_x_mesh()
            .x_desc(x_desc)
            .y_desc(y_desc)
            .x_label_formatter(&x_label)
            .label_style(("sans-serif", LABEL_FONT))
            .draw()?;
        for ((index, heights), colour) in series.iter().enumerate().zip(colours) {
            let style = colour.rgb().filled();
            let bars =
                heights.iter().enumerate().filter(|(_, height)| **height > 0).map(|(group, height)| {
                    let left = group as f64 + 0.1 + index as f64 * bar_width;
                    Rectangle::new([(left, 0), (left + bar_width, *height)], style)
                });
            let drawn = chart.draw_series(bars)?;
            if let Some(name) = names.get(index) {
                drawn.label(name).legend(swatch(colour.rgb()));
            }
        }
        draw_legend(&mut chart, names, SeriesLabelPosition::UpperRight)
    })
}

/// The size of the labels under the axes, in pixels, as given to plotters (which draws it about a
/// fifth smaller).
const LABEL_FONT: f64 = 15.0;

/// The room a label of `chars` characters takes under an axis, in pixels, with the gap it keeps
/// from its neighbours: a sans-serif character is at most about 0.6 of the font's size wide (digits
/// 0.556 in the common fonts), the gap half of it.
fn label_room(chars: usize) -> f64 {
    (chars as f64 + 0.5) * 0.6 * LABEL_FONT
}

/// Which of the labels under a bar chart of `groups` groups it shows, one for each group or edge
/// (`chars`, their lengths in characters): every `step`-th one (the `step`-th, `2 step`-th, ...),
/// `step` the least of 1, 2, 5, 10, 20, 50, ... at which the widest label fits in the room of
/// `step` groups, so that no two labels run together.
fn label_step(chars: impl Iterator<Item = usize>, groups: usize) -> usize {
    let widest = label_room(chars.max().unwrap_or(0));
    let plot = f64::from(SIZE.0) - (MARGIN + MARGIN_RIGHT + Y_LABEL_AREA) as f64;
    let group = plot / groups.max(1) as f64;
    let steps = (0..).flat_map(|power| [1, 2, 5].map(|digit| digit * 10_usize.pow(power)));
    steps
        .take_while(|step| *step < groups.max(1))
        .find(|step| *step as f64 * group >= widest)
        .unwrap_or(groups.max(1))
}

/// A line chart on a log-scaled y axis: for each series, in the colour `colours[s]`, a point
/// `(x, y)` for each `series[s][x - 1] == Some(y)`, x from 1, and a line through the points of
/// consecutive x (`None` is a gap: no point, and the line stops). Values must be positive. The y axis spans whole powers of
/// ten; `y_label` writes its labels. A `limit` is drawn as a grey line across the chart at that y.
/// With `names` (one per series), a legend in the upper left names them and the limit.
///
/// # Errors
/// Plotters cannot lay the chart out.
pub fn log_line_chart_svg(
    title: &str,
    descriptions: (&str, &str),
    series: &[Vec<Option<f64>>],
    colours: &[Colour],
    y_label: fn(f64) -> String,
    limit: Option<f64>,
    names: &[String],
) -> anyhow::Result<String> {
    log_line_chart_marked_svg(title, descriptions, series, colours, y_label, limit, names, &[])
}

/// [`log_line_chart_svg`], with a grey vertical line at each x of `marks` (a change point), named
/// `change point` in the legend.
///
/// # Errors
/// Plotters cannot lay the chart out.
#[allow(clippy::too_many_arguments)]
pub fn log_line_chart_marked_svg(
    title: &str,
    (x_desc, y_desc): (&str, &str),
    series: &[Vec<Option<f64>>],
    colours: &[Colour],
    y_label: fn(f64) -> String,
    limit: Option<f64>,
    names: &[String],
    marks: &[usize],
) -> anyhow::Result<String> {
    let points = series.iter().map(Vec::len).max().unwrap_or(0);
    let (bottom, top) = decades(series.iter().flatten().flatten().copied().chain(limit));
    // At most about 20 numbered ticks under the axis.
    let every = points.div_ceil(20).max(1);
    draw(|root| {
        let x = Ticks::new(
            0.5..points.max(1) as f64 + 0.5,
            (1..=points).step_by(every).map(|x| x as f64).collect(),
        );
        // A hair wider, so that rounding keeps both powers of ten among plotters' labels.
        let y = (bottom * 0.999..top * 1.001).log_scale();
        let mut chart = builder(root, title).build_cartesian_2d(x, y)?;
        chart
            .configure_mesh()
            .disable_x_mesh()
            .x_desc(x_desc)
            .y_desc(y_desc)
            .x_label_formatter(&|x| format!("{x:.0}"))
            .y_label_formatter(&|y| y_label(*y))
            .label_style(("sans-serif", LABEL_FONT))
            .draw()?;
        if let Some(limit) = limit {
            let line = chart
                .draw_series(LineSeries::new([(0.5, limit), (points.max(1) as f64 + 0.5, limit)], GUIDE))?;
            if !names.is_empty() {
                line.label("time limit").legend(swatch(GUIDE));
            }
        }
        for (index, &mark) in marks.iter().enumerate() {
            let line = chart.draw_series(LineSeries::new(
                [(mark as f64, bottom), (mark as f64, top)],
                GUIDE.stroke_width(2),
            ))?;
            if index == 0 && !names.is_empty() {
                line.label("change point").legend(swatch(GUIDE));
            }
        }
        for ((index, values), colour) in series.iter().enumerate().zip(colours) {
            let points: Vec<(f64, f64)> = values
                .iter()
                .enumerate()
                .filter_map(|(x, value)| value.map(|value| ((x + 1) as f64, value)))
                .collect();
            for (part, line) in points.chunk_by(|before, after| after.0 - before.0 == 1.0).enumerate() {
                let style = colour.rgb().filled().stroke_width(2);
                let drawn = chart.draw_series(LineSeries::new(line.iter().copied(), style).point_size(4))?;
                if let Some(name) = names.get(index).filter(|_| part == 0) {
                    drawn.label(name).legend(swatch(colour.rgb()));
                }
            }
        }
        draw_legend(&mut chart, names, SeriesLabelPosition::UpperLeft)
    })
}

/// A scatter chart on log scales on both axes, the same on each: a circle per point `(x, y)` of
/// each series, filled or a ring ([`Points`]), in the series' colour, a grey line where `y = x` and
/// the `guides` asked for. Values under a microsecond (`0.001`) are drawn at `0.001`. The axes span whole
/// powers of ten, with a margin that keeps a point at either end whole; their labels are times in
/// milliseconds. With `names` (one per series), a legend names them and the guides, in the upper
/// left or, where more points lie there, the lower right ([`emptier_corner`]).
///
/// # Errors
/// Plotters cannot lay the chart out.
pub fn log_scatter_svg(
    title: &str,
    (x_desc, y_desc): (&str, &str),
    series: &[Points],
    guides: Guides,
    names: &[String],
) -> anyhow::Result<String> {
    const LEAST: f64 = 0.001;
    let values =
        series.iter().flat_map(|series| &series.points).flat_map(|(x, y)| [x.max(LEAST), y.max(LEAST)]);
    let (bottom, top) = decades(values.chain(guides.limit));
    draw(|root| {
        // The guides run from edge to edge of the plot, which reaches past the decades.
        let (low, high) = (bottom / 1.25, top * 1.25);
        let axis = || (low..high).log_scale();
        let mut chart = builder(root, title).build_cartesian_2d(axis(), axis())?;
        let label = |ms: &f64| super::style::duration(*ms);
        chart
            .configure_mesh()
            .x_desc(x_desc)
            .y_desc(y_desc)
            .x_label_formatter(&label)
            .y_label_formatter(&label)
            .label_style(("sans-serif", LABEL_FONT))
            .draw()?;
        let keyed = !names.is_empty();
        let diagonal = chart.draw_series(LineSeries::new([(low, low), (high, high)], GUIDE))?;
        if keyed {
            diagonal.label("the same time").legend(swatch(GUIDE));
        }
        if guides.twice {
            let twice = chart.draw_series(LineSeries::new([(low, low * 2.0), (high / 2.0, high)], FACTOR))?;
            if keyed {
                twice.label("2× slower or faster").legend(swatch(FACTOR));
            }
            chart.draw_series(LineSeries::new([(low * 2.0, low), (high, high / 2.0)], FACTOR))?;
        }
        if let Some(limit) = guides.limit {
            chart.draw_series(LineSeries::new([(low, limit), (high, limit)], GUIDE))?;
            chart.draw_series(LineSeries::new([(limit, low), (limit, high)], GUIDE))?;
        }
        for (series, name) in series.iter().zip(names.iter().map(Some).chain(std::iter::repeat(None))) {
            let colour = series.colour.rgb();
            let style = if series.ring { colour.stroke_width(2) } else { colour.filled() };
            let drawn = chart.draw_series(
                series.points.iter().map(|(x, y)| Circle::new((x.max(LEAST), y.max(LEAST)), 4, style)),
            )?;
            if let Some(name) = name {
                drawn.label(name).legend(swatch(colour));
            }
        }
        draw_legend(&mut chart, names, emptier_corner(series, bottom, top))
    })
}

/// The corner of a log-log chart from `bottom` to `top` on both axes where the legend covers fewer
/// points of `series`: the upper left (the second solver far slower) unless more points lie there
/// than in the lower right.
fn emptier_corner(series: &[Points], bottom: f64, top: f64) -> SeriesLabelPosition {
    // Where a value falls along an axis, from 0 at `bottom` to 1 at `top`.
    let at = |value: f64| (value.max(bottom).ln() - bottom.ln()) / (top.ln() - bottom.ln());
    let points = series.iter().flat_map(|series| &series.points).map(|&(x, y)| (at(x), at(y)));
    let (upper_left, lower_right) = points.fold((0, 0), |(upper_left, lower_right), (x, y)| {
        (upper_left + usize::from(x < 0.5 && y > 0.5), lower_right + usize::from(x > 0.5 && y < 0.5))
    });
    if upper_left > lower_right {
        SeriesLabelPosition::LowerRight
    } else {
        SeriesLabelPosition::UpperLeft
    }
}

/// A legend's swatch of `colour`, a filled square beside its name (not a line or a circle: those
/// are the data).
fn swatch(colour: RGBColor) -> impl Fn((i32, i32)) -> Rectangle<(i32, i32)> {
    move |(x, y)| Rectangle::new([(x, y - 6), (x + 12, y + 6)], colour.filled())
}

/// Draws the legend of the labelled series at `position` inside the plot, on a near-opaque white
/// ground that keeps it readable over the data; nothing without `names`.
fn draw_legend<'a, 'b: 'a, CT: CoordTranslate>(
    chart: &mut ChartContext<'a, SVGBackend<'b>, CT>,
    names: &[String],
    position: SeriesLabelPosition,
) -> Result<(), DrawingAreaErrorKind<std::io::Error>> {
    if names.is_empty() {
        return Ok(());
    }
    chart
        .configure_series_labels()
        .position(position)
        .margin(12)
        .background_style(WHITE.mix(0.9))
        .border_style(BLACK.mix(0.4))
        .label_font(("sans-serif", LABEL_FONT))
        .draw()
}

/// The whole powers of ten around positive `values`, at least one decade apart (1 to 10 for none).
fn decades(values: impl Iterator<Item = f64> + Clone) -> (f64, f64) {
    let lowest = values.clone().fold(f64::INFINITY, f64::min);
    let highest = values.fold(0.0, f64::max);
    if lowest.is_finite() {
        let bottom = 10f64.powf(lowest.log10().floor());
        (bottom, 10f64.powf(highest.log10().ceil()).max(bottom * 10.0))
    } else {
        (1.0, 10.0)
    }
}

/// A linear x axis labelled at the given points only.
struct Ticks {
    linear: RangedCoordf64,
    at: Vec<f64>,
}

impl Ticks {
    fn new(range: Range<f64>, at: Vec<f64>) -> Ticks {
        Ticks { linear: range.into(), at }
    }
}

impl Ranged for Ticks {
    type FormatOption = DefaultFormatting;
    type ValueType = f64;

    fn map(&self, value: &f64, limit: (i32, i32)) -> i32 {
        self.linear.map(value, limit)
    }

    fn key_points<Hint: KeyPointHint>(&self, hint: Hint) -> Vec<f64> {
        if hint.weight().allow_light_points() {
            Vec::new()
        } else {
            self.at.clone()
        }
    }

    fn range(&self) -> Range<f64> {
        self.linear.range()
    }
}

/// The margin around a chart, in pixels; on the right, where the last x label may stand out.
const MARGIN: u32 = 12;
const MARGIN_RIGHT: u32 = 32;

/// The width left of the plot for the y axis' labels and description, in pixels.
const Y_LABEL_AREA: u32 = 80;

/// The chart area with its title and room for the axes' labels.
fn builder<'a, 'b>(
    root: &'a DrawingArea<SVGBackend<'b>, Shift>,
    title: &str,
) -> ChartBuilder<'a, 'b, SVGBackend<'b>> {
    let mut builder = ChartBuilder::on(root);
    builder
        .caption(title, ("sans-serif", 22))
        .margin(MARGIN)
        .margin_right(MARGIN_RIGHT)
        .x_label_area_size(44)
        .y_label_area_size(Y_LABEL_AREA);
    builder
}

/// Runs `paint` on a white SVG canvas and returns the `<svg>` element, the characters XML forbids
/// in its text written as escapes ([`super::markup::replace_unkept`]).
fn draw(
    paint: impl FnOnce(&DrawingArea<SVGBackend, Shift>) -> Result<(), DrawingAreaErrorKind<std::io::Error>>,
) -> anyhow::Result<String> {
    let mut svg = String::new();
    {
        let root = SVGBackend::with_string(&mut svg, SIZE).into_drawing_area();
        root.fill(&WHITE)?;
        paint(&root)?;
        root.present()?;
    }
    // Plotters escapes markup's characters in text, not the characters XML forbids.
    let svg = super::markup::replace_unkept(&svg).replacen(" xmlns=\"http://www.w3.org/2000/svg\"", "", 1);
    Ok(svg)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The attributes of every `<name>` element of `svg`.
    fn tags<'a>(svg: &'a str, name: &str) -> Vec<&'a str> {
        svg.split(&format!("<{name} ")).skip(1).map(|tag| tag.split('>').next().unwrap()).collect()
    }

    /// The palette's colour `index` as the SVG writes it.
    fn colour(index: usize) -> String {
        PALETTE[index].hex()
    }

    /// A series of filled points in the palette's colour `index`.
    fn filled(points: &[(f64, f64)], index: usize) -> Points {
        Points { points: points.to_vec(), colour: PALETTE[index], ring: false }
    }

    /// The `fill` attributes of the `<rect>` elements of `svg`, in order.
    fn rect_fills(svg: &str) -> Vec<&str> {
        tags(svg, "rect")
            .into_iter()
            .filter_map(|rect| rect.split("fill=\"").nth(1)?.split('"').next())
            .collect()
    }

    #[test]
    fn the_legend_goes_to_the_corner_with_fewer_points() {
        let (bottom, top) = (0.001, 1000.0);
        // Far above the diagonal (the second solver slower): the upper left is taken.
        let above = [filled(&[(0.01, 100.0), (0.002, 10.0), (500.0, 0.01)], 0)];
        assert!(matches!(emptier_corner(&above, bottom, top), SeriesLabelPosition::LowerRight));
        let below = [filled(&[(100.0, 0.01), (0.01, 100.0)], 0)];
        assert!(matches!(emptier_corner(&below, bottom, top), SeriesLabelPosition::UpperLeft));
        assert!(matches!(emptier_corner(&[], bottom, top), SeriesLabelPosition::UpperLeft));
    }

    #[test]
    fn a_bar_per_non_zero_count_in_its_series_colour() {
        let labels = XLabels::Centred(vec!["1".into(), "2".into(), "3".into()]);
        let svg = bar_chart_svg(
            "guesses",
            ("guesses", "secrets"),
            &labels,
            &[vec![1, 0, 2], vec![0, 0, 3]],
            &PALETTE[..2],
            &[],
        )
        .unwrap();
        assert!(svg.starts_with("<svg width=\"720\" height=\"360\""), "{svg}");
        let fills = rect_fills(&svg);
        assert_eq!(fills.iter().filter(|fill| **fill == colour(0)).count(), 2);
        assert_eq!(fills.iter().filter(|fill| **fill == colour(1)).count(), 1);
        // The background is the only other rectangle.
        assert_eq!(fills.len(), 4);
        assert!(svg.contains(">\nguesses\n</text>"));
        assert!(!svg.contains("http"));
    }

    #[test]
    fn edge_labels_stand_between_the_bars() {
        let labels = XLabels::Edges(vec!["10 µs".into(), "20 µs".into(), "50 µs".into()]);
        let svg =
            bar_chart_svg("times", ("time", "files"), &labels, &[vec![4, 1]], &PALETTE[..1], &[]).unwrap();
        assert_eq!(rect_fills(&svg).iter().filter(|fill| **fill == colour(0)).count(), 2);
        for label in ["10 µs", "20 µs", "50 µs"] {
            assert!(svg.contains(&format!(">\n{label}\n</text>")), "{label} in {svg}");
        }
    }

    /// The labels under the x axis of `svg` (the texts in the row below the plot), with their
    /// centres and font sizes, left to right.
    fn x_labels(svg: &str) -> Vec<(String, f64, f64)> {
        let attribute = |tag: &str, name: &str| -> f64 {
            tag.split(&format!(" {name}=\"")).nth(1).unwrap().split('"').next().unwrap().parse().unwrap()
        };
        svg.split("<text ")
            .skip(1)
            .filter(|text| text.contains("dy=\"0.76em\" text-anchor=\"middle\"") && !text.contains("rotate"))
            .map(|text| {
                let (tag, rest) = text.split_once('>').unwrap();
                let tag = format!(" {tag}");
                (
                    rest.split("</text>").next().unwrap().trim().to_string(),
                    attribute(&tag, "x"),
                    attribute(&tag, "font-size"),
                )
            })
            .skip(1) // the title
            .collect()
    }

    #[test]
    fn bar_labels_are_thinned_until_none_overlaps() {
        let numbers =
            |groups: usize| XLabels::Centred((1..=groups).map(|number| number.to_string()).collect());
        let chart = |groups: usize| {
            bar_chart_svg("heap", ("file", "KiB"), &numbers(groups), &[vec![1; groups]], &PALETTE[..1], &[])
                .unwrap()
        };
        let shown =
            |svg: &str| -> Vec<String> { x_labels(svg).into_iter().map(|(text, _, _)| text).collect() };
        // 12 files: every number fits (50 pixels a file).
        assert_eq!(shown(&chart(12)), (1..=12).map(|number| number.to_string()).collect::<Vec<_>>());
        // 60 files (10 pixels a file, two digits need 22): every fifth.
        assert_eq!(shown(&chart(60)), (1..=12).map(|number| (number * 5).to_string()).collect::<Vec<_>>());
        // 1000 files (0.6 pixels each, four digits need 40): every hundredth.
        assert_eq!(
            shown(&chart(1000)),
            (1..=10).map(|number| (number * 100).to_string()).collect::<Vec<_>>()
        );
        for groups in [12, 30, 60, 99, 150, 400, 1000, 5000] {
            let labels = x_labels(&chart(groups));
            assert!(!labels.is_empty(), "{groups}");
            for pair in labels.windows(2) {
                let ((left, at, size), (right, next, _)) = (&pair[0], &pair[1]);
                // Half of each label's width (0.6 of the font size a character at most) apart.
                let room = (left.chars().count() + right.chars().count()) as f64 * 0.6 * size / 2.0;
                assert!(next - at >= room, "{groups} files: {left} at {at}, {right} at {next}");
            }
        }
    }

    #[test]
    fn a_circle_per_scatter_point_in_its_colour() {
        let series = [filled(&[(0.5, 0.6), (20.0, 10.0)], 0), filled(&[(1.0, 300.0)], 3)];
        let svg = log_scatter_svg("old and new", ("old", "new"), &series, Guides::default(), &[]).unwrap();
        let circles = tags(&svg, "circle");
        assert_eq!(circles.len(), 3);
        assert_eq!(
            circles.iter().filter(|circle| circle.contains(&format!("fill=\"{}\"", colour(3)))).count(),
            1
        );
        // Both axes span 0.1 ms to 1 s, and the diagonal is the one line.
        assert!(svg.contains(">\n100.0 µs\n</text>") && svg.contains(">\n1.00 s\n</text>"), "{svg}");
        let diagonal =
            tags(&svg, "polyline").into_iter().filter(|line| line.contains("stroke=\"#999999\"")).count();
        assert_eq!(diagonal, 1);
    }

    #[test]
    fn a_line_per_series_with_a_point_per_value() {
        let series = [vec![Some(0.02), Some(3.0), Some(0.5)], vec![Some(0.04), None, Some(0.7)]];
        let svg = log_line_chart_svg(
            "time",
            ("file", "time"),
            &series,
            &PALETTE[..2],
            |ms| format!("{ms:.2} ms"),
            None,
            &[],
        )
        .unwrap();
        // The second series' gap cuts its line in two.
        for (index, points, lines) in [(0, 3, 1), (1, 2, 2)] {
            let stroke = format!("stroke=\"{}\"", colour(index));
            let fill = format!("fill=\"{}\"", colour(index));
            assert_eq!(tags(&svg, "polyline").iter().filter(|line| line.contains(&stroke)).count(), lines);
            assert_eq!(tags(&svg, "circle").iter().filter(|circle| circle.contains(&fill)).count(), points);
        }
        // The y axis spans 0.01 ms to 10 ms: whole powers of ten around 0.02 and 3.
        assert!(svg.contains(">\n0.01 ms\n</text>") && svg.contains(">\n10.00 ms\n</text>"), "{svg}");
    }

    #[test]
    fn named_series_get_a_legend_inside_the_plot() {
        let names = ["dlx".to_string(), "sat".to_string()];
        let label = |svg: &str, text: &str| svg.contains(&format!(">\n{text}\n</text>"));
        // A swatch per series beside its name, and the time limit's; the lines stay one each.
        let series = [vec![Some(1.0), Some(2.0)], vec![Some(3.0)]];
        let svg = log_line_chart_svg(
            "cactus",
            ("n", "t"),
            &series,
            &PALETTE[..2],
            |ms| format!("{ms}"),
            Some(10.0),
            &names,
        )
        .unwrap();
        assert!(label(&svg, "dlx") && label(&svg, "sat") && label(&svg, "time limit"), "{svg}");
        let fills = rect_fills(&svg);
        for colour in [colour(0), colour(1), "#999999".to_string()] {
            assert_eq!(fills.iter().filter(|fill| **fill == colour).count(), 1, "{colour}");
        }
        assert_eq!(tags(&svg, "polyline").iter().filter(|line| line.contains(&colour(0))).count(), 1);
        // Bars: one more rectangle of each colour, the swatch.
        let labels = XLabels::Centred(vec!["1".into()]);
        let svg =
            bar_chart_svg("memory", ("file", "MiB"), &labels, &[vec![5], vec![7]], &PALETTE[..2], &names)
                .unwrap();
        assert!(label(&svg, "dlx") && label(&svg, "sat"), "{svg}");
        assert_eq!(rect_fills(&svg).iter().filter(|fill| **fill == colour(1)).count(), 2);
        // A scatter plot names its points and its guides; the circles are the points alone.
        let guides = Guides { twice: true, limit: None };
        let svg =
            log_scatter_svg("pair", ("a", "b"), &[filled(&[(1.0, 2.0)], 1)], guides, &names[..1]).unwrap();
        for text in ["dlx", "the same time", "2× slower or faster"] {
            assert!(label(&svg, text), "{text} in {svg}");
        }
        assert_eq!(tags(&svg, "circle").len(), 1);
        // Without names, no legend.
        let svg = log_scatter_svg("pair", ("a", "b"), &[filled(&[(1.0, 2.0)], 1)], guides, &[]).unwrap();
        assert!(!label(&svg, "the same time"));
    }

    #[test]
    fn a_ring_is_an_outlined_circle_in_its_colour() {
        let series =
            [filled(&[(1.0, 1.0)], 0), Points { points: vec![(1.0, 5.0)], colour: PALETTE[2], ring: true }];
        let svg = log_scatter_svg("pair", ("a", "b"), &series, Guides::default(), &[]).unwrap();
        let circles = tags(&svg, "circle");
        assert_eq!(circles.len(), 2);
        assert!(circles[0].contains(&format!("fill=\"{}\"", colour(0))), "{}", circles[0]);
        assert!(
            circles[1].contains("fill=\"none\"") && circles[1].contains(&format!("stroke=\"{}\"", colour(2))),
            "{}",
            circles[1]
        );
    }

    #[test]
    fn a_solver_s_colour_is_its_place_among_its_family_s_solvers() {
        // The tournament's solvers in their order (backtrack, dlx, dlx-frb, dlx-restarts, sat,
        // portfolio), and the guess strategies (first, minimax, max-parts, entropy, optimal): blue,
        // orange, green, vermillion, reddish purple, sky blue.
        let expected = ["#0072B2", "#E69F00", "#009E73", "#D55E00", "#CC79A7", "#56B4E9"];
        let tournament = ["backtrack", "dlx", "dlx-frb", "dlx-restarts", "sat", "portfolio"];
        assert_eq!(tournament.map(|name| solver_colour(name).hex()), expected);
        let guess = ["first", "minimax", "max-parts", "entropy", "optimal"];
        assert_eq!(guess.map(|name| solver_colour(name).hex()), expected[..5]);
        // A name no family offers: one colour of the palette, always the same.
        let unknown = solver_colour("no-such-solver");
        assert!(PALETTE.contains(&unknown));
        assert_eq!(solver_colour("no-such-solver"), unknown);
    }
}
