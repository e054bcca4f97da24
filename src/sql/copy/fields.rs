//! Copies of the date and time fields of EXTRACT, INTERVAL, CEIL and FLOOR: sqlparser's
//! derived `Clone` of `DateTimeField`, compiled in sqlparser at opt-level 3, spends an arm on
//! each of its forty-odd fields (490 B of code). Here the two that hold a name are copied
//! field by field and the rest, which own no memory, bit for bit in one arm; `is_plain` lists
//! every field with no wildcard, so that one sqlparser adds fails to compile rather than
//! being copied wrong.

use super::Duplicate;
use sqlparser::ast::{CeilFloorKind, DateTimeField};

impl Duplicate for DateTimeField {
    fn copy_of(&self) -> Self {
        match self {
            DateTimeField::Week(name) => DateTimeField::Week(name.clone()),
            DateTimeField::Custom(name) => DateTimeField::Custom(name.clone()),
            // SAFETY: `is_plain` holds for the rest: they own no memory, so a bitwise copy is
            // what their derived Clone makes.
            plain => {
                debug_assert!(is_plain(plain));
                unsafe { std::ptr::read(plain) }
            }
        }
    }
}

impl Duplicate for CeilFloorKind {
    fn copy_of(&self) -> Self {
        match self {
            CeilFloorKind::DateTimeField(f) => CeilFloorKind::DateTimeField(f.copy_of()),
            CeilFloorKind::Scale(v) => CeilFloorKind::Scale(v.copy_of()),
        }
    }
}

/// True for the fields that own no memory. Every field is listed: a new one does not
/// compile until it is placed.
fn is_plain(f: &DateTimeField) -> bool {
    use DateTimeField as F;
    match f {
        F::Week(_) | F::Custom(_) => false,
        F::Year
        | F::Years
        | F::Month
        | F::Months
        | F::Weeks
        | F::Day
        | F::DayOfWeek
        | F::DayOfYear
        | F::Days
        | F::Date
        | F::Datetime
        | F::Hour
        | F::Hours
        | F::Minute
        | F::Minutes
        | F::Second
        | F::Seconds
        | F::Century
        | F::Decade
        | F::Dow
        | F::Doy
        | F::Epoch
        | F::Isodow
        | F::Isoyear
        | F::IsoWeek
        | F::Julian
        | F::Microsecond
        | F::Microseconds
        | F::Millenium
        | F::Millennium
        | F::Millisecond
        | F::Milliseconds
        | F::Nanosecond
        | F::Nanoseconds
        | F::Quarter
        | F::Time
        | F::Timezone
        | F::TimezoneAbbr
        | F::TimezoneHour
        | F::TimezoneMinute
        | F::TimezoneRegion
        | F::NoDateTime => true,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use sqlparser::ast::Ident;

    /// Every field copies equal to sqlparser's `Clone`, and a copy of a named one owns its
    /// name once the original is dropped.
    #[test]
    fn fields_copy_as_clone_does() {
        use DateTimeField as F;
        let fields = [
            F::Year,
            F::Epoch,
            F::TimezoneRegion,
            F::NoDateTime,
            F::Week(None),
            F::Week(Some(Ident::new("monday"))),
            F::Custom(Ident::with_quote('"', "fortnight")),
        ];
        for f in &fields {
            let original = f.clone();
            let copy = f.copy_of();
            drop(original);
            assert_eq!(&copy, f);
            let kind = CeilFloorKind::DateTimeField(copy);
            assert_eq!(kind.copy_of(), CeilFloorKind::DateTimeField(f.clone()));
        }
    }
}
