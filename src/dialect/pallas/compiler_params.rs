//! `compiler_params = {mosaic_tpu = {...}}` of a `pallas.kernel`, decoded
//! once and checked: every key known, every value of the kind and range its
//! consumers assume. The kernel verifier reports what [`MosaicTpuParams::decode`]
//! rejects, so the lowerings read a decoded value, never a raw attribute.

use melior::ir::attribute::Attribute;
use melior::ir::operation::{OperationLike, OperationRef};

use crate::ir::{self, attrs};

/// The TPU core a kernel runs on (`kernel_type`).
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum KernelType {
    TensorCore,
    ScVectorSubcore,
    ScScalarSubcore,
}

impl KernelType {
    pub const KEYWORDS: [(&'static str, KernelType); 3] = [
        ("tc", KernelType::TensorCore),
        ("sc_vector_subcore", KernelType::ScVectorSubcore),
        ("sc_scalar_subcore", KernelType::ScScalarSubcore),
    ];

    pub fn keyword(self) -> &'static str {
        Self::KEYWORDS
            .iter()
            .find(|(_, k)| *k == self)
            .map(|(w, _)| *w)
            .unwrap_or("tc")
    }
}

/// A named device mesh: `mesh_axes` with their extents `mesh_shape`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct DeviceMesh {
    pub axes: Vec<String>,
    pub shape: Vec<i64>,
}

impl DeviceMesh {
    /// The number of devices (fits in an `i32`: checked when decoding).
    pub fn devices(&self) -> i64 {
        self.shape.iter().product()
    }
}

/// The decoded `mosaic_tpu` parameters.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct MosaicTpuParams {
    /// `None`: not given (a TensorCore kernel).
    pub kernel_type: Option<KernelType>,
    pub mesh: Option<DeviceMesh>,
    pub collective_id: Option<i64>,
    pub vmem_limit_bytes: Option<i64>,
}

/// The keys `mosaic_tpu` may hold.
const KEYS: [&str; 5] = [
    "kernel_type",
    "mesh_axes",
    "mesh_shape",
    "collective_id",
    "vmem_limit_bytes",
];

/// Device ids, extents and ids are `i32` in the generated code.
const I32_MAX: i64 = i32::MAX as i64;

impl MosaicTpuParams {
    /// The parameters of `kernel` (defaults when it has none); `Err` with
    /// the message the verifier reports when they are malformed.
    pub fn of(kernel: &OperationRef) -> Result<Self, String> {
        match kernel
            .attribute("compiler_params")
            .ok()
            .and_then(|p| ir::dict_get(p, "mosaic_tpu"))
        {
            Some(tpu) => Self::decode(tpu),
            None => Ok(Self::default()),
        }
    }

    /// Decodes the `mosaic_tpu` dictionary.
    pub fn decode(tpu: Attribute) -> Result<Self, String> {
        let entries = attrs::as_dictionary(tpu)
            .ok_or_else(|| format!("compiler_params.mosaic_tpu must be a dictionary, got {tpu}"))?;
        let mut params = Self::default();
        let (mut axes, mut shape) = (None, None);
        for (key, value) in entries {
            let field = |what: &str| {
                format!("compiler_params.mosaic_tpu.{key} must be {what}, got {value}")
            };
            match key.as_str() {
                "kernel_type" => {
                    let word = attrs::as_string(value).ok_or_else(|| field("a string"))?;
                    let kind = KernelType::KEYWORDS
                        .iter()
                        .find(|(w, _)| *w == word)
                        .map(|(_, k)| *k)
                        .ok_or_else(|| {
                            format!("unknown mosaic_tpu.kernel_type \"{word}\"; expected \"tc\", \"sc_vector_subcore\" or \"sc_scalar_subcore\"")
                        })?;
                    params.kernel_type = Some(kind);
                }
                "mesh_axes" => {
                    let names = attrs::as_array(value)
                        .and_then(|items| {
                            items
                                .into_iter()
                                .map(attrs::as_string)
                                .collect::<Option<Vec<_>>>()
                        })
                        .ok_or_else(|| field("an array of axis name strings"))?;
                    for (i, n) in names.iter().enumerate() {
                        if n.is_empty() {
                            return Err(field("an array of non-empty axis names"));
                        }
                        if names[..i].contains(n) {
                            return Err(format!(
                                "compiler_params.mosaic_tpu.mesh_axes names axis '{n}' twice"
                            ));
                        }
                    }
                    axes = Some(names);
                }
                "mesh_shape" => {
                    let extents = attrs::as_dense_i64(value)
                        .ok_or_else(|| field("a DenseI64ArrayAttr (array<i64: ...>)"))?;
                    let mut devices: i64 = 1;
                    for e in &extents {
                        if *e < 1 {
                            return Err(field("an array of positive extents"));
                        }
                        devices = devices.checked_mul(*e).filter(|d| *d <= I32_MAX).ok_or_else(|| {
                            format!("compiler_params.mosaic_tpu.mesh_shape {value} has more than 2^31 - 1 devices")
                        })?;
                    }
                    shape = Some(extents);
                }
                "collective_id" => {
                    let id = ir::integer_attr_value(value)
                        .filter(|v| (0..=I32_MAX).contains(v))
                        .ok_or_else(|| field("an integer in [0, 2^31)"))?;
                    params.collective_id = Some(id);
                }
                "vmem_limit_bytes" => {
                    let bytes = ir::integer_attr_value(value)
                        .filter(|v| *v > 0)
                        .ok_or_else(|| field("a positive integer"))?;
                    params.vmem_limit_bytes = Some(bytes);
                }
                _ => {
                    return Err(format!(
                        "compiler_params.mosaic_tpu has an unknown key '{key}'; expected one of {}",
                        KEYS.join(", ")
                    ))
                }
            }
        }
        params.mesh = match (axes, shape) {
            (None, None) => None,
            (Some(axes), Some(shape)) if axes.len() == shape.len() => {
                Some(DeviceMesh { axes, shape })
            }
            (Some(axes), Some(shape)) => {
                return Err(format!(
                "compiler_params.mosaic_tpu.mesh_axes names {} axes but mesh_shape has {} extents",
                axes.len(),
                shape.len()
            ))
            }
            _ => {
                return Err(
                    "compiler_params.mosaic_tpu needs mesh_axes and mesh_shape together"
                        .to_string(),
                )
            }
        };
        Ok(params)
    }
}
