//! How the command line reads values of the other layers' own types (`--color`, `--orphans`,
//! `--bless`): clap's [`ValueEnum`] for each, here, so that the types themselves know nothing of
//! clap.

use clap::builder::PossibleValue;
use clap::ValueEnum;

use crate::references::{BlessMode, OrphanPolicy};

/// The most worker threads one solve may be given (`--threads`, a family command's `-j`): each is a
/// thread started, so a number far past any machine's cores would cost its start-up alone, before
/// any time limit or signal could stop it.
pub const MAX_THREADS: i64 = 1024;

/// The parser of a thread count: a whole number from 1 to [`MAX_THREADS`].
pub fn threads() -> clap::builder::RangedI64ValueParser<u32> {
    clap::value_parser!(u32).range(1..=MAX_THREADS)
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

#[cfg(test)]
mod tests {
    use super::*;

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
