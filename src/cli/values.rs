//! How the command line reads values: every numeric option's whole number within its range, in
//! plain words ([`whole`]), and the other layers' own types (`--color`, `--orphans`, `--bless`):
//! clap's [`ValueEnum`] for each, here, so that the types themselves know nothing of clap.

use std::ops::RangeInclusive;

use clap::builder::PossibleValue;
use clap::ValueEnum;

use crate::references::{BlessMode, OrphanPolicy};
use crate::whole_number::{self, Whole};

/// The most worker threads one solve may be given (`--threads`, a family command's `-j`): each is a
/// thread started, so a number far past any machine's cores would cost its start-up alone, before
/// any time limit or signal could stop it.
pub const MAX_THREADS: u32 = 1024;

/// The parser of a thread count: a whole number from 1 to [`MAX_THREADS`].
pub fn threads() -> impl Fn(&str) -> Result<u32, String> + Clone + Send + Sync + 'static {
    whole("a thread count", 1..=MAX_THREADS)
}

/// The parser of a numeric option's value: a whole number of type `T` within `range`, which the
/// messages call `noun` (with its article: `a thread count`), worded by [`whole_number::read`] after
/// clap's `invalid value 'V' for '--option <N>': `.
pub fn whole<T: Whole>(
    noun: &'static str,
    range: RangeInclusive<T>,
) -> impl Fn(&str) -> Result<T, String> + Clone + Send + Sync + 'static {
    move |text: &str| whole_number::read(noun, &range, text)
}

use crate::report::style::ColorChoice;

impl ValueEnum for ColorChoice {
    fn value_variants<'a>() -> &'a [Self] {
        &[ColorChoice::Auto, ColorChoice::Always, ColorChoice::Never]
    }

    fn to_possible_value(&self) -> Option<PossibleValue> {
        Some(match self {
            ColorChoice::Auto => {
                PossibleValue::new("auto").help("On a terminal, unless `NO_COLOR` is set or `TERM` is `dumb`")
            }
            ColorChoice::Always => PossibleValue::new("always").help("Always"),
            ColorChoice::Never => PossibleValue::new("never").help("Never"),
        })
    }
}

impl ValueEnum for OrphanPolicy {
    fn value_variants<'a>() -> &'a [Self] {
        &[OrphanPolicy::Warn, OrphanPolicy::Fail, OrphanPolicy::Delete]
    }

    fn to_possible_value(&self) -> Option<PossibleValue> {
        Some(match self {
            OrphanPolicy::Warn => PossibleValue::new("warn").help("List them in the summary"),
            OrphanPolicy::Fail => PossibleValue::new("fail").help("List them, and exit 1"),
            OrphanPolicy::Delete => PossibleValue::new("delete").help(
                "Delete them (the rules of `--bless`: never a device, a FIFO or a link out of the folder)",
            ),
        })
    }
}

impl ValueEnum for BlessMode {
    fn value_variants<'a>() -> &'a [Self] {
        &[BlessMode::All, BlessMode::Missing]
    }

    fn to_possible_value(&self) -> Option<PossibleValue> {
        Some(match self {
            BlessMode::All => PossibleValue::new("all")
                .help("References that differ from the output, and those that do not exist"),
            BlessMode::Missing => PossibleValue::new("missing").help("Only references that do not exist"),
        })
    }
}

/// The parser of `--kind`: the text as given, which the options check against the registry (an
/// unknown name gets the message naming every family); the families' names are its possible
/// values, shown in `--help` and offered by the shell completions.
#[derive(Clone, Copy)]
pub struct FamilyName;

impl clap::builder::TypedValueParser for FamilyName {
    type Value = String;

    fn parse_ref(
        &self,
        command: &clap::Command,
        _: Option<&clap::Arg>,
        value: &std::ffi::OsStr,
    ) -> Result<String, clap::Error> {
        let text = value.to_str().ok_or_else(|| clap::Error::new(clap::error::ErrorKind::InvalidUtf8));
        text.map(str::to_string).map_err(|error| error.with_cmd(command))
    }

    fn possible_values(&self) -> Option<Box<dyn Iterator<Item = PossibleValue> + '_>> {
        Some(Box::new(crate::family::FAMILIES.iter().map(|family| PossibleValue::new(family.name()))))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_whole_number_out_of_its_range_is_named_in_words() {
        let threads = threads();
        assert_eq!(threads("8"), Ok(8));
        assert_eq!(threads("+1024"), Ok(1024));
        assert_eq!(threads("0"), Err("0 is not a thread count from 1 to 1024".to_string()));
        assert_eq!(threads("-1"), Err("-1 is not a thread count from 1 to 1024".to_string()));
        assert_eq!(threads("1025"), Err("1025 is not a thread count from 1 to 1024".to_string()));
        let huge = "123456789012345678901234567890";
        assert_eq!(threads(huge), Err(format!("{huge} is not a thread count from 1 to 1024")));
        assert_eq!(
            threads("1.5"),
            Err("`1.5` is not a thread count (a whole number from 1 to 1024)".to_string())
        );
        assert_eq!(
            threads(""),
            Err("an empty value is not a thread count (a whole number from 1 to 1024)".to_string())
        );
        assert_eq!(
            threads("-"),
            Err("`-` is not a thread count (a whole number from 1 to 1024)".to_string())
        );
        let seed = whole("a seed", 0..=u64::MAX);
        assert_eq!(seed("18446744073709551615"), Ok(u64::MAX));
        assert_eq!(
            seed("18446744073709551616"),
            Err("18446744073709551616 is not a seed (at most 18446744073709551615)".to_string())
        );
        assert_eq!(seed("-1"), Err("-1 is not a seed (at least 0)".to_string()));
        assert_eq!(seed("x"), Err("`x` is not a seed (a whole number, at least 0)".to_string()));
        let rounds = whole("a number of rounds", 1..=u64::MAX);
        assert_eq!(rounds("0"), Err("0 is not a number of rounds (at least 1)".to_string()));
        assert_eq!(rounds("-0"), Err("-0 is not a number of rounds (at least 1)".to_string()));
        assert_eq!(
            whole("a port", 0..=u16::MAX)("65536"),
            Err("65536 is not a port (at most 65535)".to_string())
        );
    }

    #[test]
    fn every_value_reads_back_as_itself() {
        for choice in ColorChoice::value_variants() {
            let name = choice.to_possible_value().unwrap().get_name().to_string();
            assert_eq!(ColorChoice::from_str(&name, false), Ok(*choice));
        }
        assert_eq!(OrphanPolicy::from_str("delete", false), Ok(OrphanPolicy::Delete));
        assert_eq!(BlessMode::from_str("missing", false), Ok(BlessMode::Missing));
    }
}
