//! `--cocomo`: what the counted code would have cost to write, by basic COCOMO (Boehm, 1981) as
//! scc works it out (its `processor/cocomo.go`), so that a team moving from scc gets the same
//! figures. It takes one number, the code lines of the whole run, so it is worked out once from
//! the merged total and costs the count nothing.

/// Basic COCOMO's kinds of project, by scc's names: how familiar the problem is and how tight its
/// constraints, from a small team on a known problem to one bound by hardware and rules; or a
/// model of one's own, as scc's `custom,a,b,c,d` gives one.
#[derive(Debug, Clone, Copy, Default, PartialEq)]
pub enum ProjectType {
    #[default]
    Organic,
    SemiDetached,
    Embedded,
    /// The coefficients `[a, b, c, d]` (see [`ProjectType::coefficients`]).
    Custom([f64; 4]),
}

impl ProjectType {
    /// The name scc's `--cocomo-project-type` takes and its report shows; a custom model's is
    /// `custom,a,b,c,d`, each number in its shortest form (`3`, where scc repeats a `3.0` given).
    pub fn name(self) -> String {
        match self {
            ProjectType::Organic => "organic".into(),
            ProjectType::SemiDetached => "semi-detached".into(),
            ProjectType::Embedded => "embedded".into(),
            ProjectType::Custom([a, b, c, d]) => format!("custom,{a},{b},{c},{d}"),
        }
    }

    /// Boehm's coefficients `[a, b, c, d]`: effort is `a * KLOC^b` person-months and the schedule
    /// `c * effort^d` months (scc's `projectType` table).
    fn coefficients(self) -> [f64; 4] {
        match self {
            ProjectType::Organic => [2.4, 1.05, 2.5, 0.38],
            ProjectType::SemiDetached => [3.0, 1.12, 2.5, 0.35],
            ProjectType::Embedded => [3.6, 1.20, 2.5, 0.32],
            ProjectType::Custom(coefficients) => coefficients,
        }
    }
}

/// The model's settings; the default is scc's.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Cocomo {
    pub project_type: ProjectType,
    /// A developer's yearly wage, in dollars.
    pub avg_wage: u64,
    /// What a person costs beyond the wage (premises, equipment, management), as a factor.
    pub overhead: f64,
    /// The effort adjustment factor: the product of COCOMO's cost drivers, 1 when all are nominal.
    pub eaf: f64,
}

impl Default for Cocomo {
    fn default() -> Self {
        Cocomo { project_type: ProjectType::Organic, avg_wage: 56_286, overhead: 2.4, eaf: 1.0 }
    }
}

/// What the model says of a number of code lines.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Estimate {
    pub effort_person_months: f64,
    /// Dollars: the effort at the monthly wage, times the overhead.
    pub cost: f64,
    pub schedule_months: f64,
    /// Effort over schedule; 0 for no code (where scc 4.1 says 0 too, not NaN).
    pub people: f64,
}

impl Cocomo {
    pub fn estimate(&self, code: u64) -> Estimate {
        let [a, b, c, d] = self.project_type.coefficients();
        let effort = a * (code as f64 / 1000.0).powf(b) * self.eaf;
        let schedule = c * effort.powf(d);
        Estimate {
            effort_person_months: effort,
            cost: effort * self.avg_wage as f64 / 12.0 * self.overhead,
            schedule_months: schedule,
            people: if schedule > 0.0 { effort / schedule } else { 0.0 },
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn close(got: f64, want: f64) {
        assert!((got - want).abs() <= want.abs() * 1e-6, "{got} against {want}");
    }

    /// Figures worked by hand (and printed by scc 4.1 for the same code lines).
    #[test]
    fn figures_are_basic_cocomos() {
        let small = Cocomo { avg_wage: 56_000, ..Cocomo::default() }.estimate(26);
        close(small.effort_person_months, 0.051_991_61);
        close(small.cost, 582.306_02);
        close(small.schedule_months, 0.812_820_5);
        close(small.people, 0.063_964_44);
        let large = Cocomo::default().estimate(77_873);
        close(large.effort_person_months, 232.363_277);
        close(large.cost, 2_615_759.883);
        close(large.schedule_months, 19.819_088);
        let semi = Cocomo { project_type: ProjectType::SemiDetached, ..Cocomo::default() }.estimate(77_873);
        close(semi.cost, 4_435_115.878);
        let tuned = Cocomo { project_type: ProjectType::Embedded, avg_wage: 60_000, overhead: 1.5, eaf: 1.2 };
        close(tuned.estimate(77_873).cost, 6_028_500.445);
        close(tuned.estimate(77_873).people, 37.805_993);
    }

    #[test]
    fn no_code_costs_nothing_and_needs_nobody() {
        let none = Cocomo::default().estimate(0);
        assert_eq!([none.cost, none.schedule_months, none.people], [0.0; 3]);
    }
}
