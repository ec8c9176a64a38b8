//! Seconds since 1970-01-01 UTC as a calendar date and time, for the reports that print one
//! (`history`'s commit dates, the `sql` format's timestamp), without a date crate.

/// `[year, month, day, hour, minute, second]` of `seconds` since the epoch, in UTC (Howard
/// Hinnant's days-to-civil; negative seconds are dates before 1970).
pub(super) fn civil(seconds: i64) -> [i64; 6] {
    let (days, secs) = (seconds.div_euclid(86_400), seconds.rem_euclid(86_400));
    let z = days + 719_468;
    let era = z.div_euclid(146_097);
    let doe = z.rem_euclid(146_097);
    let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let day = doy - (153 * mp + 2) / 5 + 1;
    let month = if mp < 10 { mp + 3 } else { mp - 9 };
    let year = yoe + era * 400 + i64::from(month <= 2);
    [year, month, day, secs / 3600, secs / 60 % 60, secs % 60]
}
