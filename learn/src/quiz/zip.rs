//! A zip archive of stored (uncompressed) files, as small as a zip writer gets: what a SCORM
//! package needs, without a compression crate in the page's download. Its bytes depend only on
//! the files' names and contents (every file is dated 1980-01-01), so the page and the command
//! line make the same archive of the same files.

/// The CRC-32 (IEEE, as zip uses it) of `bytes`.
pub fn crc32(bytes: &[u8]) -> u32 {
    let mut crc = !0u32;
    for &byte in bytes {
        crc ^= u32::from(byte);
        for _ in 0..8 {
            crc = match crc & 1 {
                1 => (crc >> 1) ^ 0xEDB8_8320,
                _ => crc >> 1,
            };
        }
    }
    !crc
}

/// The zip archive of `files` (name, contents), stored in this order. Names are ASCII paths with
/// `/`; no file may pass 4 GiB (zip without its 64-bit extension).
pub fn stored_zip(files: &[(&str, &[u8])]) -> Vec<u8> {
    // MS-DOS time 00:00, date 1980-01-01: the earliest a zip can say, and the same every time.
    const DOS_TIME: u16 = 0;
    const DOS_DATE: u16 = (1 << 5) | 1;
    let mut out = Vec::new();
    let mut central = Vec::new();
    let put16 = |v: &mut Vec<u8>, n: u16| v.extend_from_slice(&n.to_le_bytes());
    let put32 = |v: &mut Vec<u8>, n: u32| v.extend_from_slice(&n.to_le_bytes());
    for (name, contents) in files {
        let offset = out.len() as u32;
        let crc = crc32(contents);
        let size = contents.len() as u32;
        // What the local header and the central directory's entry both say, in the same order.
        let file_fields = |v: &mut Vec<u8>| {
            put16(v, 10); // version needed: 1.0, stored
            put16(v, 0); // flags
            put16(v, 0); // method: stored
            put16(v, DOS_TIME);
            put16(v, DOS_DATE);
            put32(v, crc);
            put32(v, size);
            put32(v, size);
            put16(v, name.len() as u16);
            put16(v, 0); // extra field
        };
        // The local header.
        put32(&mut out, 0x0403_4b50);
        file_fields(&mut out);
        out.extend_from_slice(name.as_bytes());
        out.extend_from_slice(contents);
        // Its entry in the central directory.
        put32(&mut central, 0x0201_4b50);
        put16(&mut central, 10); // made by: MS-DOS, 1.0
        file_fields(&mut central);
        put16(&mut central, 0); // comment
        put16(&mut central, 0); // disk
        put16(&mut central, 0); // internal attributes
        put32(&mut central, 0); // external attributes
        put32(&mut central, offset);
        central.extend_from_slice(name.as_bytes());
    }
    let central_at = out.len() as u32;
    let central_size = central.len() as u32;
    out.extend_from_slice(&central);
    put32(&mut out, 0x0605_4b50);
    put16(&mut out, 0);
    put16(&mut out, 0);
    put16(&mut out, files.len() as u16);
    put16(&mut out, files.len() as u16);
    put32(&mut out, central_size);
    put32(&mut out, central_at);
    put16(&mut out, 0); // comment
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn crc32_gives_the_check_value() {
        assert_eq!(crc32(b"123456789"), 0xCBF4_3926);
        assert_eq!(crc32(b""), 0);
    }

    #[test]
    fn an_archive_lists_its_files_where_they_are() {
        let zip = stored_zip(&[("a.txt", b"hello"), ("b/c.txt", b"")]);
        assert_eq!(&zip[..4], b"PK\x03\x04");
        assert_eq!(&zip[30..35], b"a.txt");
        assert_eq!(&zip[35..40], b"hello");
        let end = &zip[zip.len() - 22..];
        assert_eq!(&end[..4], b"PK\x05\x06");
        assert_eq!(u16::from_le_bytes([end[10], end[11]]), 2);
        let central_at = u32::from_le_bytes([end[16], end[17], end[18], end[19]]) as usize;
        assert_eq!(&zip[central_at..central_at + 4], b"PK\x01\x02");
    }
}
