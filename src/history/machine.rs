//! What a run records of where it ran: the machine's cores and processor model, and the git commit
//! of the current folder.

use std::process::{Command, Stdio};

/// The facts of the machine and folder a run was made in; each `None` where it is not known.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Machine {
    /// Logical cores this process may use.
    pub cores: Option<usize>,
    /// The processor's model name (`model name` of `/proc/cpuinfo` on Linux).
    pub cpu_model: Option<String>,
    /// `git rev-parse HEAD` in the current folder: 40 hexadecimal digits, when it is in a git work
    /// tree and git is installed.
    pub git_commit: Option<String>,
}

impl Machine {
    /// This machine and the current folder.
    pub fn this() -> Machine {
        Machine {
            cores: std::thread::available_parallelism().ok().map(usize::from),
            cpu_model: std::fs::read_to_string("/proc/cpuinfo").ok().and_then(|text| cpu_model(&text)),
            git_commit: git_commit(),
        }
    }
}

/// The first `model name` of `/proc/cpuinfo`'s text.
fn cpu_model(cpuinfo: &str) -> Option<String> {
    cpuinfo.lines().find_map(|line| {
        let (key, value) = line.split_once(':')?;
        (key.trim() == "model name").then(|| value.trim().to_string()).filter(|value| !value.is_empty())
    })
}

/// The commit checked out in the current folder, when there is one.
fn git_commit() -> Option<String> {
    let output = Command::new("git")
        .args(["rev-parse", "HEAD"])
        .stdin(Stdio::null())
        .stderr(Stdio::null())
        .output()
        .ok()?;
    let commit = String::from_utf8(output.stdout).ok()?.trim().to_string();
    (output.status.success() && commit.len() >= 40 && commit.bytes().all(|byte| byte.is_ascii_hexdigit()))
        .then_some(commit)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_model_name_is_the_first_processor_s() {
        let text =
            "processor\t: 0\nvendor_id\t: GenuineIntel\nmodel name\t: Intel(R) Xeon(R) CPU @ 2.20GHz\n\
                    \nprocessor\t: 1\nmodel name\t: other\n";
        assert_eq!(cpu_model(text).as_deref(), Some("Intel(R) Xeon(R) CPU @ 2.20GHz"));
        assert_eq!(cpu_model("processor\t: 0\n"), None);
    }
}
