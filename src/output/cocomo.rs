//! `--cocomo`'s estimate as the formats that show it write it: scc's three lines (under the table,
//! after the markdown tables, as the html page's cards), and the `cocomo` object of the json and
//! yaml documents.

use serde::Serialize;

use crate::report::{Cocomo, View};

/// The `cocomo` object: the settings, then what they give for the run's code lines.
#[derive(Debug, Clone, Serialize)]
pub struct CocomoDoc {
    pub project_type: String,
    pub avg_wage: u64,
    pub overhead: f64,
    pub eaf: f64,
    pub effort_person_months: f64,
    pub cost: f64,
    pub schedule_months: f64,
    pub people: f64,
}

impl CocomoDoc {
    /// The estimate of `view`'s whole total (never cut by `--top`), where `--cocomo` asked for it.
    pub fn of(view: &View) -> Option<CocomoDoc> {
        let model: Cocomo = view.cocomo?;
        let e = model.estimate(view.total.counts.code);
        Some(CocomoDoc {
            project_type: model.project_type.name(),
            avg_wage: model.avg_wage,
            overhead: model.overhead,
            eaf: model.eaf,
            effort_person_months: e.effort_person_months,
            cost: e.cost,
            schedule_months: e.schedule_months,
            people: e.people,
        })
    }
}

/// scc's lines (`calculateCocomo` in its `processor/formatters_cost.go`) as (label, figure), in
/// its English locale's number format: the cost in whole units of `currency` (cut, as Go's
/// `int64()` cuts), the rest with two decimals, all with thousands separators. The table writes
/// them as scc does, label and figure a space apart; markdown and html, as items and cards.
pub fn figures(doc: &CocomoDoc, currency: &str) -> [(String, String); 3] {
    let kind = &doc.project_type;
    [
        (
            format!("Estimated Cost to Develop ({kind})"),
            format!("{currency}{}", grouped(&(doc.cost as u64).to_string())),
        ),
        (
            format!("Estimated Schedule Effort ({kind})"),
            format!("{} months", grouped(&format!("{:.2}", doc.schedule_months))),
        ),
        (format!("Estimated People Required ({kind})"), grouped(&format!("{:.2}", doc.people))),
    ]
}

/// `digits` (a number's text, a `.` and decimals or not) with a `,` between each three digits of
/// its whole part.
pub fn grouped(digits: &str) -> String {
    let (whole, rest) = digits.split_at(digits.find('.').unwrap_or(digits.len()));
    let mut out = String::with_capacity(digits.len() + whole.len() / 3);
    for (i, digit) in whole.chars().enumerate() {
        if i > 0 && (whole.len() - i) % 3 == 0 {
            out.push(',');
        }
        out.push(digit);
    }
    out + rest
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn thousands_are_grouped_as_scc_groups_them() {
        assert_eq!(grouped("582"), "582");
        assert_eq!(grouped("2615759"), "2,615,759");
        assert_eq!(grouped("2341119759011245"), "2,341,119,759,011,245");
        assert_eq!(grouped("49977.84"), "49,977.84");
        assert_eq!(grouped("4161173.32"), "4,161,173.32");
        assert_eq!(grouped("0.00"), "0.00");
        assert_eq!(grouped("100.5"), "100.5");
    }
}
