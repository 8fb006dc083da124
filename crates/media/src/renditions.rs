//! WebP renditions of a picture at the widths the site asks for in `srcset`.

use image::ImageReader;
use image::codecs::webp::WebPEncoder;
use image::imageops::FilterType;

/// The widths made, smallest first.
pub const WIDTHS: [u32; 3] = [320, 640, 1280];

/// Pictures larger than this many pixels are refused before decoding (a 10 MB upload can
/// claim to be 60,000 pixels square).
const MAX_PIXELS: u64 = 64_000_000;

/// One rendition: its size and WebP bytes.
#[derive(Debug, Clone)]
pub struct Rendition {
    pub width: u32,
    pub height: u32,
    pub webp: Vec<u8>,
}

/// The picture's own size and its renditions at every width of [`WIDTHS`] narrower than
/// it (a picture is never enlarged).
#[derive(Debug, Clone)]
pub struct Made {
    pub width: u32,
    pub height: u32,
    pub renditions: Vec<Rendition>,
}

#[derive(Debug, thiserror::Error)]
pub enum RenditionError {
    #[error("cannot read the picture: {0}")]
    Decode(#[from] image::ImageError),
    #[error("cannot read the picture: {0}")]
    Io(#[from] std::io::Error),
    #[error("the picture is {0}×{1} pixels, more than can be resized")]
    TooManyPixels(u32, u32),
}

/// Decodes `original` and makes its renditions (lossless WebP, what the `image` crate
/// writes).
pub fn make(original: &[u8]) -> Result<Made, RenditionError> {
    let reader = ImageReader::new(std::io::Cursor::new(original)).with_guessed_format()?;
    let (w, h) = reader.into_dimensions()?;
    if u64::from(w) * u64::from(h) > MAX_PIXELS {
        return Err(RenditionError::TooManyPixels(w, h));
    }
    let picture = ImageReader::new(std::io::Cursor::new(original))
        .with_guessed_format()?
        .decode()?;
    let mut renditions = Vec::new();
    for width in WIDTHS.into_iter().filter(|&rw| rw < w) {
        let height = ((u64::from(h) * u64::from(width)) / u64::from(w)).max(1) as u32;
        let small = picture
            .resize_exact(width, height, FilterType::Triangle)
            .to_rgba8();
        let mut webp = Vec::new();
        WebPEncoder::new_lossless(&mut webp).encode(
            small.as_raw(),
            width,
            height,
            image::ExtendedColorType::Rgba8,
        )?;
        renditions.push(Rendition {
            width,
            height,
            webp,
        });
    }
    Ok(Made {
        width: w,
        height: h,
        renditions,
    })
}
