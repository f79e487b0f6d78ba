//! Error values of the runtime and the one-line messages they print.

use std::fmt;

/// A failure of one entry point: the message is complete except for the
/// "pallas_cuda_runtime: error: <entry point>:" prefix added when reported.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct RtError(pub(crate) String);

pub(crate) type Result<T> = std::result::Result<T, RtError>;

impl RtError {
    pub(crate) fn new(message: impl Into<String>) -> RtError {
        RtError(message.into())
    }
}

impl fmt::Display for RtError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

/// The text of a failed driver call. `name`/`text` come from cuGetErrorName /
/// cuGetErrorString when the driver knows the code; an unknown code is shown
/// as a number so that it can still be looked up.
pub(crate) fn cuda_failure(
    call: &str,
    code: i32,
    name: Option<&str>,
    text: Option<&str>,
) -> String {
    match (name, text) {
        (Some(name), Some(text)) => format!("{call} failed with {name} ({text})"),
        (Some(name), None) => format!("{call} failed with {name}"),
        _ => format!("{call} failed with CUDA error {code}"),
    }
}

/// The whole line printed on stderr. Messages embed text from the driver
/// (dlerror, JIT logs) which may hold newlines; the report stays one line so
/// that a test or a log reader sees the call and its cause together.
pub(crate) fn report_line(entry: &str, err: &RtError) -> String {
    let text: String = err
        .0
        .split(['\n', '\r'])
        .map(str::trim)
        .filter(|piece| !piece.is_empty())
        .collect::<Vec<_>>()
        .join("; ");
    format!("pallas_cuda_runtime: error: {entry}: {text}")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_the_call_and_the_cuda_error() {
        assert_eq!(
            cuda_failure(
                "cuLaunchKernel",
                1,
                Some("CUDA_ERROR_INVALID_VALUE"),
                Some("invalid argument")
            ),
            "cuLaunchKernel failed with CUDA_ERROR_INVALID_VALUE (invalid argument)"
        );
        assert_eq!(
            cuda_failure("cuInit", 100, Some("CUDA_ERROR_NO_DEVICE"), None),
            "cuInit failed with CUDA_ERROR_NO_DEVICE"
        );
        assert_eq!(
            cuda_failure("cuMemFree_v2", 9999, None, None),
            "cuMemFree_v2 failed with CUDA error 9999"
        );
    }

    #[test]
    fn report_is_one_line() {
        let err = RtError::new(
            "cuModuleLoadDataEx failed with X (y): JIT log:\nptxas error : bad\n\n  line 2\n",
        );
        let line = report_line("mgpuModuleLoadJIT", &err);
        assert_eq!(
            line,
            "pallas_cuda_runtime: error: mgpuModuleLoadJIT: cuModuleLoadDataEx failed with X (y): JIT log:; ptxas error : bad; line 2"
        );
        assert!(!line.contains('\n'));
    }
}
