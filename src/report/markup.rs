//! Text put into markup (the JUnit XML, the HTML pages and their inline SVG charts), whatever it
//! holds: a message quoting an input, a file name, a diff.
//!
//! XML 1.0 forbids the C0 control characters but tab, line feed and carriage return, and U+FFFE and
//! U+FFFF, even written as character references (`&#27;` is no better than the byte): one of them
//! in a JUnit message makes a document no XML parser reads. It also discourages the other control
//! characters (U+007F to U+009F) and the noncharacters (U+FDD0 to U+FDEF, and the last two code
//! points of every plane), which HTML parsers report as errors. Every one of those is written as
//! its escape instead, `\u{1b}`, as the terminal tables show it; every other character comes back
//! unchanged from a parser.

use std::borrow::Cow;

/// Where escaped text goes.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Place {
    /// HTML element content or an attribute value (a parser turns a carriage return into a line
    /// feed there, as a browser shows it anyway).
    Html,
    /// XML element content: a carriage return is written `&#13;`, which a parser keeps, where the
    /// character itself would become a line feed.
    XmlText,
    /// An XML attribute value: tab, line feed and carriage return are written as character
    /// references, which a parser keeps, where the characters themselves would become spaces.
    XmlAttribute,
}

/// Whether `c` is written as itself: every character but those XML 1.0 forbids or discourages
/// (see the module documentation).
pub fn kept(c: char) -> bool {
    let code = u32::from(c);
    let control = matches!(code, 0..=0x1F | 0x7F..=0x9F) && !matches!(c, '\t' | '\n' | '\r');
    let noncharacter = (0xFDD0..=0xFDEF).contains(&code) || code & 0xFFFE == 0xFFFE;
    !control && !noncharacter
}

/// `text` with every character that is not [`kept`] written as its escape (`\u{1b}`); markup's own
/// characters (`<`, `&`, ...) left as they are, for text already made markup (an SVG chart).
pub fn replace_unkept(text: &str) -> Cow<'_, str> {
    if text.chars().all(kept) {
        return Cow::Borrowed(text);
    }
    let mut replaced = String::with_capacity(text.len() + 8);
    for c in text.chars() {
        if kept(c) {
            replaced.push(c);
        } else {
            replaced.extend(c.escape_unicode());
        }
    }
    Cow::Owned(replaced)
}

/// `text` as markup for `place`: `&`, `<`, `>`, `"` and `'` escaped (so that one function serves
/// element content and attribute values alike), the characters that are not [`kept`] written as
/// their escapes, and the white space a parser would change written as character references.
pub fn escape(text: &str, place: Place) -> String {
    let mut escaped = String::with_capacity(text.len());
    for c in text.chars() {
        match (c, place) {
            ('&', _) => escaped.push_str("&amp;"),
            ('<', _) => escaped.push_str("&lt;"),
            ('>', _) => escaped.push_str("&gt;"),
            ('"', _) => escaped.push_str("&quot;"),
            ('\'', _) => escaped.push_str("&#39;"),
            ('\r', Place::XmlText | Place::XmlAttribute) => escaped.push_str("&#13;"),
            ('\t', Place::XmlAttribute) => escaped.push_str("&#9;"),
            ('\n', Place::XmlAttribute) => escaped.push_str("&#10;"),
            (c, _) if !kept(c) => escaped.extend(c.escape_unicode()),
            (c, _) => escaped.push(c),
        }
    }
    escaped
}

/// A strict reader of the XML the reports write, for tests: quick-xml's parse with XML 1.0's rules
/// on top (only XML characters, character references included; closing tags matched).
#[cfg(test)]
pub mod xml_reader {
    use quick_xml::events::{BytesStart, Event};
    use quick_xml::XmlVersion;

    /// An element as a parser gives it: its name, its attribute values (normalized as XML 1.0
    /// does) and its own text (references resolved, line ends normalized).
    #[derive(Debug)]
    pub struct Element {
        pub name: String,
        pub attributes: Vec<(String, String)>,
        pub text: String,
    }

    impl Element {
        /// The value of the attribute `key`.
        pub fn attribute(&self, key: &str) -> Option<&str> {
            self.attributes.iter().find(|(name, _)| name == key).map(|(_, value)| value.as_str())
        }
    }

    /// XML 1.0's `Char` production.
    pub fn is_xml_char(c: char) -> bool {
        matches!(c, '\t' | '\n' | '\r' | '\u{20}'..='\u{D7FF}' | '\u{E000}'..='\u{FFFD}' | '\u{10000}'..)
    }

    fn checked(text: &str, what: &str) -> Result<(), String> {
        match text.chars().find(|c| !is_xml_char(*c)) {
            Some(c) => Err(format!("{what}: {c:?} is not an XML 1.0 character")),
            None => Ok(()),
        }
    }

    fn element(start: &BytesStart) -> Result<Element, String> {
        let name = String::from_utf8(start.name().as_ref().to_vec()).map_err(|error| error.to_string())?;
        let mut attributes = Vec::new();
        for attribute in start.attributes() {
            let attribute = attribute.map_err(|error| error.to_string())?;
            let key =
                String::from_utf8(attribute.key.as_ref().to_vec()).map_err(|error| error.to_string())?;
            let value =
                attribute.normalized_value(XmlVersion::Explicit1_0).map_err(|error| error.to_string())?;
            checked(&value, &key)?;
            attributes.push((key, value.into_owned()));
        }
        Ok(Element { name, attributes, text: String::new() })
    }

    /// Every element of `xml` in document order.
    ///
    /// # Errors
    /// What makes `xml` no well-formed XML 1.0 document.
    pub fn read(xml: &str) -> Result<Vec<Element>, String> {
        checked(xml, "the document")?;
        let mut reader = quick_xml::Reader::from_str(xml);
        reader.config_mut().check_end_names = true;
        let (mut elements, mut open) = (Vec::<Element>::new(), Vec::<usize>::new());
        loop {
            let text = match reader.read_event().map_err(|error| error.to_string())? {
                Event::Start(start) => {
                    open.push(elements.len());
                    elements.push(element(&start)?);
                    continue;
                }
                Event::Empty(start) => {
                    elements.push(element(&start)?);
                    continue;
                }
                Event::End(_) => {
                    open.pop();
                    continue;
                }
                Event::Text(text) => text.xml10_content().map_err(|error| error.to_string())?.into_owned(),
                Event::GeneralRef(reference) => {
                    let c = match reference.resolve_char_ref().map_err(|error| error.to_string())? {
                        Some(c) => c,
                        None => match reference.decode().map_err(|error| error.to_string())?.as_ref() {
                            "amp" => '&',
                            "lt" => '<',
                            "gt" => '>',
                            "quot" => '"',
                            "apos" => '\'',
                            other => return Err(format!("&{other}; is not an XML entity")),
                        },
                    };
                    checked(&c.to_string(), "a character reference")?;
                    c.to_string()
                }
                Event::Eof => break,
                _ => continue,
            };
            match open.last() {
                Some(&index) => elements[index].text.push_str(&text),
                None if text.trim().is_empty() => {}
                None => return Err(format!("text outside the root element: {text:?}")),
            }
        }
        if !open.is_empty() {
            return Err(format!("{} elements left open", open.len()));
        }
        Ok(elements)
    }
}

#[cfg(test)]
pub(crate) mod tests {
    use super::*;
    use crate::report::charts::{bar_chart_svg, Colour, XLabels};
    use crate::report::figures::Figure;
    use crate::report::html;
    use crate::report::table::{Cell, Grid, Tone};
    use proptest::prelude::*;

    #[test]
    fn forbidden_and_discouraged_characters_become_escapes() {
        assert_eq!(escape("a\u{1b}[31mb", Place::XmlText), "a\\u{1b}[31mb");
        assert_eq!(
            escape("\0\u{b}\u{c}\u{7f}\u{85}\u{9f}", Place::Html),
            "\\u{0}\\u{b}\\u{c}\\u{7f}\\u{85}\\u{9f}"
        );
        assert_eq!(
            escape("\u{fdd0}\u{fffe}\u{ffff}\u{1fffe}\u{10ffff}", Place::XmlText),
            "\\u{fdd0}\\u{fffe}\\u{ffff}\\u{1fffe}\\u{10ffff}"
        );
        assert_eq!(escape("é\u{a0}\u{fffd}\u{10000}", Place::XmlAttribute), "é\u{a0}\u{fffd}\u{10000}");
        assert_eq!(replace_unkept("<t>\u{1}</t>"), "<t>\\u{1}</t>");
        assert!(matches!(replace_unkept("<t>a</t>"), Cow::Borrowed(_)));
    }

    /// Text of any characters, the ones markup forbids or gives a meaning to often among them.
    pub fn any_text() -> impl Strategy<Value = String> {
        let awkward = prop::sample::select(vec![
            '\u{1b}',
            '\0',
            '\u{b}',
            '\u{c}',
            '\u{7f}',
            '\u{85}',
            '\u{fdd0}',
            '\u{fffe}',
            '\u{ffff}',
            '\u{10ffff}',
            '<',
            '>',
            '&',
            '"',
            '\'',
            '\t',
            '\n',
            '\r',
            ' ',
            ']',
        ]);
        let c = prop_oneof![any::<char>(), prop::char::range('\0', '\u{9f}'), awkward];
        prop::collection::vec(c, 0..24).prop_map(String::from_iter)
    }

    /// Text as an HTML parser gives it back: carriage returns become line feeds.
    fn as_html_reads(text: &str) -> String {
        replace_unkept(text).replace("\r\n", "\n").replace('\r', "\n")
    }

    proptest! {
        /// Item 4 of issue 37, the HTML pages: every cell, legend and note comes back from a parser
        /// as written but for the characters replaced, and the page holds none of them.
        #[test]
        fn html_is_well_formed_whatever_a_cell_holds(cells in prop::collection::vec(any_text(), 3), legend in any_text(), note in any_text()) {
            let grid = Grid::new(
                vec![cells[0].clone()],
                cells[1..].iter().map(|text| vec![Cell { text: text.clone(), tone: Tone::Bad }]).collect(),
                vec![false],
            );
            let figure = Figure { svg: String::new(), legend: vec![(legend.clone(), "#000000".into())], table: Some(grid), note: Some(note.clone()) };
            let page = html::document("t", &html::figure(&figure));
            prop_assert!(page.chars().all(kept), "{}", page);
            let parsed = scraper::Html::parse_document(&page);
            let texts = |css: &str| -> Vec<String> {
                let selector = scraper::Selector::parse(css).unwrap();
                parsed.select(&selector).map(|element| element.text().collect()).collect()
            };
            prop_assert_eq!(texts("th"), vec![as_html_reads(&cells[0])]);
            prop_assert_eq!(texts("td"), cells[1..].iter().map(|text| as_html_reads(text)).collect::<Vec<_>>());
            prop_assert_eq!(texts("p.legend"), vec![as_html_reads(&legend)]);
            prop_assert_eq!(texts("figcaption > p:not(.legend)"), vec![as_html_reads(&note)]);
        }

        /// Item 4 of issue 37, the SVG charts: a chart of any title, labels and series names is
        /// well-formed XML.
        #[test]
        fn svg_charts_are_well_formed_whatever_their_text_holds(title in any_text(), texts in prop::collection::vec(any_text(), 4)) {
            let labels = XLabels::Centred(texts[..2].to_vec());
            let colours = [Colour(0, 0, 0), Colour(255, 255, 255)];
            let svg = bar_chart_svg(&title, ("x", "y"), &labels, &[vec![1, 2], vec![2, 1]], &colours, &texts[2..]).unwrap();
            xml_reader::read(&svg).map_err(|error| TestCaseError::fail(format!("{error}\n{svg}")))?;
        }
    }

    #[test]
    fn an_escape_character_in_a_chart_is_written_as_its_escape() {
        let labels = XLabels::Centred(vec!["a\u{1b}b".into()]);
        let svg =
            bar_chart_svg("t\u{fffe}", ("x", "y"), &labels, &[vec![1]], &[Colour(0, 0, 0)], &[]).unwrap();
        let texts: Vec<String> = xml_reader::read(&svg)
            .unwrap()
            .into_iter()
            .filter(|element| element.name == "text")
            .map(|element| element.text)
            .collect();
        assert!(texts.iter().any(|text| text.trim() == "a\\u{1b}b"), "{texts:?}");
        assert!(texts.iter().any(|text| text.trim() == "t\\u{fffe}"), "{texts:?}");
    }

    #[test]
    fn white_space_is_kept_as_a_parser_would_change_it() {
        let text = "a\tb\nc\r\nd <&>\"'";
        assert_eq!(escape(text, Place::Html), "a\tb\nc\r\nd &lt;&amp;&gt;&quot;&#39;");
        assert_eq!(escape(text, Place::XmlText), "a\tb\nc&#13;\nd &lt;&amp;&gt;&quot;&#39;");
        assert_eq!(escape(text, Place::XmlAttribute), "a&#9;b&#10;c&#13;&#10;d &lt;&amp;&gt;&quot;&#39;");
    }
}
