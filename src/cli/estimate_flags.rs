//! The flags for scc's estimates beyond line counts: complexity (counted per file), unique lines
//! (counted over the run) and COCOMO (worked out from the total). Counting takes them; `merge`
//! and `diff` count nothing.

use clap::Args;
use ringloc::report::{Cocomo, ProjectType};

#[derive(Debug, Clone, Default, Args)]
pub struct EstimateArgs {
    /// Also count each file's complexity, as scc does: the branch tokens of its language (if, for,
    /// &&, ...) in code, not in strings or comments. A Complexity column in table, csv and
    /// markdown, `complexity` in json and ndjson. Slower (about 6x on the kernel): files are
    /// read by the twin, which knows at each byte whether it is in code
    #[arg(long, help_heading = "Counting")]
    pub complexity: bool,

    /// Also count, as scc does, the unique lines of code (ULOC): the distinct lines (code,
    /// comments and blanks alike) of the whole run and of each language. scc's rows and line in
    /// the table, its line after markdown's tables and in html's totals, `uloc` in json and yaml,
    /// each file's own as `uloc` in their files and ndjson's, scc-json's `ULOC` and `Uloc`; the
    /// other formats leave it out. Each file is read
    /// whole and a hash of every distinct line is kept until the end, so memory grows with the
    /// tree. Not with --cache (its blobs are not read again)
    #[arg(short = 'u', long, help_heading = "Counting", conflicts_with = "cache")]
    pub uloc: bool,

    /// Also show, as scc does, the DRYness: the unique lines' share of all lines (implies --uloc)
    #[arg(short = 'a', long, help_heading = "Counting", conflicts_with = "cache")]
    pub dryness: bool,

    /// Also estimate, as scc does, what the code would cost to write (basic COCOMO on the code
    /// lines of the whole run): scc's cost, schedule and people lines under the table, after
    /// markdown's tables and in html's totals, `cocomo` in json and yaml; the other formats leave
    /// it out
    #[arg(long, help_heading = "Counting")]
    pub cocomo: bool,

    /// With --cocomo: a developer's yearly wage, in dollars
    #[arg(long, value_name = "N", default_value_t = 56_286, help_heading = "Counting")]
    pub avg_wage: u64,

    /// With --cocomo: what a person costs beyond the wage (premises, equipment), as a factor
    #[arg(long, value_name = "F", default_value_t = 2.4, value_parser = factor, help_heading = "Counting")]
    pub overhead: f64,

    /// With --cocomo: the effort adjustment factor, COCOMO's cost drivers multiplied (1: nominal)
    #[arg(long, value_name = "F", default_value_t = 1.0, value_parser = factor, help_heading = "Counting")]
    pub eaf: f64,

    /// With --cocomo: what the table writes before the cost (the wage's currency; json and yaml
    /// give the cost as a number)
    #[arg(long, value_name = "SYMBOL", default_value = "$", help_heading = "Counting")]
    pub currency_symbol: String,

    /// With --cocomo: the kind of project, as basic COCOMO has them: organic (a small team on a
    /// problem it knows), semi-detached (between the two), embedded (tight constraints: hardware,
    /// regulations), or scc's custom,a,b,c,d (effort a * KLOC^b, schedule c * effort^d)
    #[arg(
        long,
        value_name = "TYPE",
        default_value = "organic",
        value_parser = project_type,
        help_heading = "Counting"
    )]
    pub cocomo_project_type: ProjectType,
}

impl EstimateArgs {
    /// The COCOMO model the flags ask for; `None` without `--cocomo`.
    pub fn cocomo(&self) -> Option<Cocomo> {
        let model = Cocomo {
            project_type: self.cocomo_project_type,
            avg_wage: self.avg_wage,
            overhead: self.overhead,
            eaf: self.eaf,
        };
        self.cocomo.then_some(model)
    }
}

/// A kind of project by scc's name, or `custom,a,b,c,d`: four numbers, each finite and not
/// negative. scc counts a model it cannot read as organic, saying nothing; here it is refused.
fn project_type(text: &str) -> Result<ProjectType, String> {
    let custom = |numbers: &str| {
        let numbers: Vec<f64> = numbers.split(',').map(factor).collect::<Result<_, _>>()?;
        let coefficients =
            <[f64; 4]>::try_from(numbers).map_err(|n| format!("4 numbers needed, {} given", n.len()))?;
        Ok::<_, String>(ProjectType::Custom(coefficients))
    };
    match text {
        "organic" => Ok(ProjectType::Organic),
        "semi-detached" => Ok(ProjectType::SemiDetached),
        "embedded" => Ok(ProjectType::Embedded),
        _ => match text.strip_prefix("custom,") {
            Some(numbers) => custom(numbers).map_err(|why| format!("{why} (custom,a,b,c,d)")),
            None => Err("none of organic, semi-detached, embedded, custom,a,b,c,d".into()),
        },
    }
}

/// A factor of the model: a number, finite and not negative.
fn factor(text: &str) -> Result<f64, String> {
    let n: f64 = text.parse().map_err(|_| format!("'{text}' is not a number"))?;
    (n.is_finite() && n >= 0.0).then_some(n).ok_or_else(|| format!("'{text}' is not a number of 0 or more"))
}
