//! Packing a share link's text: a small LZ77 whose output is range coded with adaptive bit
//! probabilities (the scheme LZMA made known, written here in a few lines: a compression crate
//! would cost the download more than links gain), then base64url, which a URL fragment
//! carries as is. Deterministic, so a link is the same on every machine.
//!
//! Layout: a varint with the text's length, two bytes of checksum (a cut or edited link must
//! be an error, never a shorter script), then the coded tokens. A token is a flag bit, then a
//! literal byte (its bits coded in the context of the byte before it) or a copy: its length
//! (8 coded bits) and its distance back (a coded bit count, then the bits as they are).

/// What an unpacked text may grow to: a link bigger than any script a user pastes is not one
/// of ours, and unpacking it must not take unbounded memory.
pub const MAX_UNPACKED: usize = 1 << 20;

const MIN_MATCH: usize = 3;
const MAX_MATCH: usize = MIN_MATCH + 255;
const WINDOW: usize = (1 << 15) - 1;
const CHAIN: usize = 48;
const HASH_BITS: u32 = 13;

/// Why a packed text could not be unpacked.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum UnpackError {
    /// Not base64url, cut short, or changed (the checksum differs).
    Damaged,
    /// The text would be bigger than [`MAX_UNPACKED`].
    TooBig,
    /// The bytes are not UTF-8.
    NotText,
}

pub fn pack(text: &str) -> String {
    let bytes = text.as_bytes();
    let mut out = Vec::with_capacity(bytes.len() / 2 + 8);
    varint(&mut out, bytes.len() as u64);
    out.extend_from_slice(&checksum(bytes).to_le_bytes());
    let mut model = Model::new();
    let mut enc = Encoder::new(out);
    let mut at = 0usize;
    for token in tokens(bytes) {
        let prev = at.checked_sub(1).map_or(0, |i| bytes[i]);
        match token {
            Token::Literal => {
                enc.bit(model.flag(), false);
                enc.tree(model.literal(prev), u32::from(bytes[at]), 8);
                at += 1;
            }
            Token::Copy(len, dist) => {
                enc.bit(model.flag(), true);
                enc.tree(&mut model.length, (len - MIN_MATCH) as u32, 8);
                let bits = u32::BITS - (dist as u32).leading_zeros(); // 1..=15
                enc.tree(&mut model.distance_bits, bits - 1, 4);
                enc.direct(dist as u32, bits - 1);
                at += len;
            }
        }
        model.after_copy = matches!(token, Token::Copy(..));
    }
    base64url(&enc.finish())
}

pub fn unpack(packed: &str) -> Result<String, UnpackError> {
    let bytes = from_base64url(packed).ok_or(UnpackError::Damaged)?;
    let mut at = 0;
    let len = read_varint(&bytes, &mut at)?;
    if len > MAX_UNPACKED as u64 {
        return Err(UnpackError::TooBig);
    }
    let len = len as usize;
    let sum = bytes.get(at..at + 2).ok_or(UnpackError::Damaged)?;
    let sum = u16::from_le_bytes([sum[0], sum[1]]);
    let mut dec = Decoder::new(&bytes[at + 2..]);
    let mut model = Model::new();
    let mut out: Vec<u8> = Vec::with_capacity(len);
    while out.len() < len {
        let copy = dec.bit(model.flag());
        if copy {
            let n = dec.tree(&mut model.length, 8) as usize + MIN_MATCH;
            let bits = dec.tree(&mut model.distance_bits, 4) + 1;
            let dist = dec.direct(bits - 1) as usize | 1 << (bits - 1);
            if dist > out.len() || out.len() + n > len {
                return Err(UnpackError::Damaged);
            }
            let from = out.len() - dist;
            for k in 0..n {
                out.push(out[from + k]);
            }
        } else {
            let prev = out.last().copied().unwrap_or(0);
            out.push(dec.tree(model.literal(prev), 8) as u8);
        }
        model.after_copy = copy;
    }
    if dec.overran() || checksum(&out) != sum {
        return Err(UnpackError::Damaged);
    }
    String::from_utf8(out).map_err(|_| UnpackError::NotText)
}

/// FNV-1a folded to 16 bits: enough to tell a damaged link from a good one.
fn checksum(bytes: &[u8]) -> u16 {
    let h = bytes.iter().fold(0x811c_9dc5u32, |h, b| {
        (h ^ u32::from(*b)).wrapping_mul(0x0100_0193)
    });
    (h ^ h >> 16) as u16
}

#[derive(Debug, Clone, Copy, PartialEq)]
enum Token {
    Literal,
    /// (length, distance back)
    Copy(usize, usize),
}

/// Greedy LZ77 over hash chains of 3-byte prefixes.
fn tokens(input: &[u8]) -> Vec<Token> {
    let mut out = Vec::with_capacity(input.len());
    let mut head = vec![usize::MAX; 1 << HASH_BITS];
    let mut prev = vec![usize::MAX; input.len()];
    let mut i = 0;
    let insert = |head: &mut Vec<usize>, prev: &mut Vec<usize>, at: usize| {
        if at + MIN_MATCH <= input.len() {
            let h = hash(&input[at..at + MIN_MATCH]);
            prev[at] = head[h];
            head[h] = at;
        }
    };
    while i < input.len() {
        let (len, dist) = longest_match(input, i, &head, &prev);
        let step = if len >= MIN_MATCH { len } else { 1 };
        out.push(if len >= MIN_MATCH {
            Token::Copy(len, dist)
        } else {
            Token::Literal
        });
        for at in i..i + step {
            insert(&mut head, &mut prev, at);
        }
        i += step;
    }
    out
}

fn hash(b: &[u8]) -> usize {
    let v = u32::from(b[0]) | u32::from(b[1]) << 8 | u32::from(b[2]) << 16;
    (v.wrapping_mul(0x9E37_79B1) >> (32 - HASH_BITS)) as usize
}

/// The longest earlier copy of the bytes at `i` within the window: (length, distance).
fn longest_match(input: &[u8], i: usize, head: &[usize], prev: &[usize]) -> (usize, usize) {
    if i + MIN_MATCH > input.len() {
        return (0, 0);
    }
    let limit = (input.len() - i).min(MAX_MATCH);
    let mut best = (0, 0);
    let mut candidate = head[hash(&input[i..i + MIN_MATCH])];
    for _ in 0..CHAIN {
        if candidate == usize::MAX || i - candidate > WINDOW {
            break;
        }
        let len = input[candidate..]
            .iter()
            .zip(&input[i..i + limit])
            .take_while(|(a, b)| a == b)
            .count();
        if len > best.0 {
            best = (len, i - candidate);
            if len == limit {
                break;
            }
        }
        candidate = prev[candidate];
    }
    best
}

/// The adaptive probabilities both sides keep, in step.
struct Model {
    /// Is the next token a copy? By whether the last one was.
    is_copy: [u16; 2],
    after_copy: bool,
    /// A literal's bits, by the top three bits of the byte before it.
    literals: Vec<u16>,
    length: [u16; 256],
    distance_bits: [u16; 16],
}

const HALF: u16 = 1 << 10;

impl Model {
    fn new() -> Model {
        Model {
            is_copy: [HALF; 2],
            after_copy: false,
            literals: vec![HALF; 8 * 256],
            length: [HALF; 256],
            distance_bits: [HALF; 16],
        }
    }

    fn flag(&mut self) -> &mut u16 {
        &mut self.is_copy[usize::from(self.after_copy)]
    }

    fn literal(&mut self, prev: u8) -> &mut [u16] {
        let ctx = usize::from(prev >> 5) * 256;
        &mut self.literals[ctx..ctx + 256]
    }
}

const TOP: u32 = 1 << 24;

/// A binary range coder: each bit narrows `range` by its probability (11 bits of it).
struct Encoder {
    out: Vec<u8>,
    low: u64,
    range: u32,
    cache: u8,
    pending: u64,
}

impl Encoder {
    fn new(out: Vec<u8>) -> Encoder {
        Encoder {
            out,
            low: 0,
            range: u32::MAX,
            cache: 0,
            pending: 1,
        }
    }

    fn bit(&mut self, p: &mut u16, bit: bool) {
        let bound = (self.range >> 11) * u32::from(*p);
        if bit {
            self.low += u64::from(bound);
            self.range -= bound;
            *p -= *p >> 5;
        } else {
            self.range = bound;
            *p += ((1 << 11) - *p) >> 5;
        }
        self.normalize();
    }

    /// `bits` bits of `v`, high first, each with the probability of the path so far.
    fn tree(&mut self, probs: &mut [u16], v: u32, bits: u32) {
        let mut node = 1usize;
        for k in (0..bits).rev() {
            let b = v >> k & 1 == 1;
            self.bit(&mut probs[node], b);
            node = node << 1 | usize::from(b);
        }
    }

    /// `bits` low bits of `v`, each at even odds.
    fn direct(&mut self, v: u32, bits: u32) {
        for k in (0..bits).rev() {
            self.range >>= 1;
            if v >> k & 1 == 1 {
                self.low += u64::from(self.range);
            }
            self.normalize();
        }
    }

    fn normalize(&mut self) {
        while self.range < TOP {
            self.range <<= 8;
            self.shift_low();
        }
    }

    /// Writes the top byte of `low`, holding back 0xFF bytes a carry may still change.
    fn shift_low(&mut self) {
        if self.low < 0xFF00_0000 || self.low >= 1 << 32 {
            let carry = (self.low >> 32) as u8;
            let mut byte = self.cache;
            while self.pending > 0 {
                self.out.push(byte.wrapping_add(carry));
                byte = 0xFF;
                self.pending -= 1;
            }
            self.cache = (self.low >> 24) as u8;
        }
        self.pending += 1;
        self.low = (self.low & 0x00FF_FFFF) << 8;
    }

    fn finish(mut self) -> Vec<u8> {
        for _ in 0..5 {
            self.shift_low();
        }
        self.out
    }
}

struct Decoder<'a> {
    input: &'a [u8],
    at: usize,
    code: u32,
    range: u32,
}

impl Decoder<'_> {
    fn new(input: &[u8]) -> Decoder<'_> {
        let mut d = Decoder {
            input,
            at: 0,
            code: 0,
            range: u32::MAX,
        };
        for _ in 0..5 {
            d.code = d.code << 8 | u32::from(d.next());
        }
        d
    }

    /// The next input byte; past the end, zeros (a cut link then fails its checksum).
    fn next(&mut self) -> u8 {
        let b = self.input.get(self.at).copied().unwrap_or(0);
        self.at += 1;
        b
    }

    /// Read more bytes than there were: the link was cut short.
    fn overran(&self) -> bool {
        self.at > self.input.len()
    }

    fn bit(&mut self, p: &mut u16) -> bool {
        let bound = (self.range >> 11) * u32::from(*p);
        let bit = self.code >= bound;
        if bit {
            self.code -= bound;
            self.range -= bound;
            *p -= *p >> 5;
        } else {
            self.range = bound;
            *p += ((1 << 11) - *p) >> 5;
        }
        self.normalize();
        bit
    }

    fn tree(&mut self, probs: &mut [u16], bits: u32) -> u32 {
        let mut node = 1usize;
        for _ in 0..bits {
            node = node << 1 | usize::from(self.bit(&mut probs[node]));
        }
        (node - (1 << bits)) as u32
    }

    fn direct(&mut self, bits: u32) -> u32 {
        let mut v = 0;
        for _ in 0..bits {
            self.range >>= 1;
            let b = self.code >= self.range;
            if b {
                self.code -= self.range;
            }
            v = v << 1 | u32::from(b);
            self.normalize();
        }
        v
    }

    fn normalize(&mut self) {
        while self.range < TOP {
            self.range <<= 8;
            self.code = self.code << 8 | u32::from(self.next());
        }
    }
}

fn varint(out: &mut Vec<u8>, mut v: u64) {
    while v >= 0x80 {
        out.push((v as u8 & 0x7f) | 0x80);
        v >>= 7;
    }
    out.push(v as u8);
}

fn read_varint(bytes: &[u8], at: &mut usize) -> Result<u64, UnpackError> {
    let mut v = 0u64;
    for shift in (0..64).step_by(7) {
        let b = *bytes.get(*at).ok_or(UnpackError::Damaged)?;
        *at += 1;
        v |= u64::from(b & 0x7f) << shift;
        if b & 0x80 == 0 {
            return Ok(v);
        }
    }
    Err(UnpackError::Damaged)
}

const ALPHABET: &[u8; 64] = b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_";

fn base64url(bytes: &[u8]) -> String {
    let mut out = String::with_capacity(bytes.len() * 4 / 3 + 3);
    for chunk in bytes.chunks(3) {
        let n = chunk
            .iter()
            .enumerate()
            .fold(0u32, |n, (k, b)| n | u32::from(*b) << (16 - 8 * k));
        for k in 0..=chunk.len() {
            out.push(char::from(ALPHABET[(n >> (18 - 6 * k)) as usize & 63]));
        }
    }
    out
}

fn from_base64url(text: &str) -> Option<Vec<u8>> {
    let digit = |c: u8| ALPHABET.iter().position(|a| *a == c).map(|p| p as u32);
    let mut out = Vec::with_capacity(text.len() * 3 / 4);
    for chunk in text.as_bytes().chunks(4) {
        if chunk.len() == 1 {
            return None; // no byte is ever written as a single digit
        }
        let mut n = 0u32;
        for (k, c) in chunk.iter().enumerate() {
            n |= digit(*c)? << (18 - 6 * k);
        }
        for k in 0..chunk.len() - 1 {
            out.push((n >> (16 - 8 * k)) as u8);
        }
    }
    Some(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_example_round_trips_and_shrinks() {
        for e in queuelab::examples::EXAMPLES {
            let packed = pack(e.sql);
            assert_eq!(unpack(&packed).as_deref(), Ok(e.sql), "{}", e.id);
            // Base64 included, at least a fifth shorter than the text itself.
            assert!(
                packed.len() * 5 < e.sql.len() * 4,
                "{}: {} vs {}",
                e.id,
                packed.len(),
                e.sql.len()
            );
        }
    }

    #[test]
    fn odd_texts_round_trip() {
        for text in [
            "",
            "a",
            "ab",
            "abc",
            "aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa",
            "é’ 😀\n\t",
            "abcabcabcabcabcabcx",
        ] {
            assert_eq!(unpack(&pack(text)).as_deref(), Ok(text));
        }
        let long: String = (0..70_000)
            .map(|i| char::from(b'a' + (i * 7 % 26) as u8))
            .collect();
        assert_eq!(unpack(&pack(&long)), Ok(long));
        let noise: String = (0..20_000u32)
            .map(|i| char::from_u32(32 + (i.wrapping_mul(2_654_435_761) >> 7) % 90).unwrap_or('x'))
            .collect();
        assert_eq!(unpack(&pack(&noise)), Ok(noise));
    }

    #[test]
    fn a_cut_or_changed_link_is_an_error_never_a_shorter_script() {
        let text = "SELECT id FROM jobs ORDER BY id LIMIT 1 FOR UPDATE SKIP LOCKED;\nCOMMIT;\n";
        let packed = pack(text);
        for cut in 0..packed.len() {
            assert!(unpack(&packed[..cut]).is_err(), "cut at {cut}");
        }
        let digits = ALPHABET;
        for at in 0..packed.len() {
            for d in [digits[0], digits[33], digits[63]] {
                let mut changed = packed.clone().into_bytes();
                if changed[at] == d {
                    continue;
                }
                changed[at] = d;
                let changed = String::from_utf8(changed).unwrap_or_default();
                // Either refused, or a change in bits the text does not depend on (the last
                // digit's padding, the coder's final bytes): never another text.
                let got = unpack(&changed);
                assert!(
                    got.is_err() || got.as_deref() == Ok(text),
                    "changed at {at}: {got:?}"
                );
            }
        }
        assert_eq!(unpack("!!!!"), Err(UnpackError::Damaged));
        assert_eq!(unpack("A"), Err(UnpackError::Damaged));
    }

    #[test]
    fn a_link_that_would_unpack_past_the_limit_is_refused() {
        let mut b = Vec::new();
        varint(&mut b, (MAX_UNPACKED + 1) as u64);
        b.extend_from_slice(&[0, 0, 0, 0, 0, 0, 0]);
        assert_eq!(unpack(&base64url(&b)), Err(UnpackError::TooBig));
    }
}
