#include "compareview.h"
#include "plaintext.h"

#include "analysisworker.h"
#include "comparecharts.h"
#include "labels.h"
#include "palette.h"
#include "paramtext.h"
#include "registry.h"
#include "valuechart.h"

#include <QCheckBox>
#include <QComboBox>
#include <QCoreApplication>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QLocale>
#include <QSplitter>
#include <QTabWidget>
#include <QTableWidget>
#include <QVBoxLayout>

#include <algorithm>

#include <cmath>

namespace costlab {

namespace {

constexpr int kSweepSteps = 25;

const QColor kBetter(0x1a, 0x7f, 0x37);
const QColor kWorse(0xc6, 0x28, 0x28);

bool isRiskRow(const HeadlineRow& r)
{
    return r.risk.has_value();
}

QString figureLabel(const HeadlineRow& r)
{
    if (r.risk)
        return r.risk_expected
                   ? CompareView::tr("%1: expected cost", "risk").arg(riskDisplayName(*r.risk))
                   : CompareView::tr("%1: probability", "risk").arg(riskDisplayName(*r.risk));
    return QCoreApplication::translate(r.risk ? "costlab::Risk" : "costlab::Figure",
                                       std::string(r.label).c_str());
}

QString formatFigure(const HeadlineRow& r, double v, Currency c)
{
    return costlab::formatFigure(r.kind, v, c);
}

/// The parameter's unit as Compare shows it: a magnitude letter ("B" for billions) is
/// spelled out, since A, B, C and D name the plans here.
QString compareUnit(const ParamDef& def, Currency c)
{
    if (def.display_unit == "B")
        return CompareView::tr("billion");
    if (def.display_unit == "M")
        return CompareView::tr("million");
    return displayUnit(def, c);
}

/// Signed difference in the row's unit; probabilities and ratios in percentage points.
QString formatDiff(const HeadlineRow& r, double d, Currency c)
{
    const bool money = r.kind == FigureUnit::Money || r.kind == FigureUnit::MoneyRate;
    const bool points = r.kind == FigureUnit::Probability || r.kind == FigureUnit::Ratio;
    // A difference that would print as zero is no difference ("+0 pp" in red misled).
    if (d == 0 || (money && std::fabs(d) < 0.005) || (points && 100 * std::fabs(d) < 0.005))
        return CompareView::tr("same");
    // An arrow beside the sign: the verdict does not rest on red and green alone.
    const QString sign = d > 0 ? QStringLiteral("\u25B2 +") : QStringLiteral("\u25BC \u2212");
    const double a = std::fabs(d);
    switch (r.kind) {
    case FigureUnit::Probability:
    case FigureUnit::Ratio:
        return sign + CompareView::tr("%1 pp", "percentage points").arg(formatNumber(100 * a, 3));
    default:
        return sign + formatFigure(r, a, c);
    }
}

QString formatPercentDiff(double p)
{
    if (std::isnan(p))
        return CompareView::tr("n/a");
    if (std::fabs(p) < 0.05) // shown with one decimal at most: "0 %", never "+0 %"
        return CompareView::tr("0 %");
    return (p > 0 ? QStringLiteral("+") : QStringLiteral("\u2212")) +
           CompareView::tr("%1 %", "percent").arg(formatNumber(std::fabs(p), 3));
}

/// Why plan `i`'s value of `r` has no difference against the baseline's: the two figures are
/// per different tokens (HeadlineRow::comparable, issue 49).
QString notComparableText(const HeadlineRow& r, int i)
{
    return CompareView::tr("Not comparable: %1 is per million %2, %3 per million %4. A cost per "
                           "million tokens of another kind is neither cheaper nor dearer.",
                           "plan tag, kind of tokens, baseline tag, kind of tokens")
        .arg(compareScenarioTag(i), tokenBasisDisplayName(r.basis[static_cast<std::size_t>(i)]),
             compareScenarioTag(0), tokenBasisDisplayName(r.basis[0]));
}

QTableWidgetItem* cell(const QString& text, Qt::Alignment align = Qt::AlignRight | Qt::AlignVCenter)
{
    auto* item = new QTableWidgetItem(text);
    item->setTextAlignment(align);
    item->setFlags(Qt::ItemIsEnabled | Qt::ItemIsSelectable);
    return item;
}

/// Phase kind and ordinal suffix of a full id ("rl#2.env_count" → RL, "#2").
bool phaseOfId(const std::string& id, PhaseKind& kind, QString& ordinal)
{
    const std::size_t dot = id.find('.');
    if (dot == std::string::npos)
        return false;
    std::string prefix = id.substr(0, dot);
    const std::size_t hash = prefix.find('#');
    ordinal = hash == std::string::npos ? QString() : QString::fromStdString(prefix.substr(hash));
    if (hash != std::string::npos)
        prefix.resize(hash);
    for (PhaseKind k : {PhaseKind::Pretrain, PhaseKind::RlPosttrain, PhaseKind::Evaluation})
        if (phasePrefix(k) == prefix) {
            kind = k;
            return true;
        }
    return false;
}

/// Translated label of a bound parameter, with its phase for phase parameters.
QString parameterTitle(const ParamDef& def, const std::string& id)
{
    const QString label = QCoreApplication::translate("costlab::Param", def.label.data());
    PhaseKind kind;
    QString ordinal;
    if (def.phase_kinds == 0 || !phaseOfId(id, kind, ordinal))
        return label;
    return CompareView::tr("%1 · %2", "parameter label · phase")
        .arg(label,
             phaseKindLabel(kind) + (ordinal.isEmpty() ? QString() : QLatin1Char(' ') + ordinal));
}

/// A getString() value as shown: choice labels, yes/no, numbers × display factor.
QString parameterValue(const ParamDef& def, const std::string& text)
{
    switch (def.type) {
    case ParamType::Choice: {
        const int i = choiceIndex(def, text);
        return i >= 0 ? choiceLabel(def.choices[static_cast<std::size_t>(i)])
                      : QString::fromStdString(text);
    }
    case ParamType::Bool:
        return text == "true" || text == "1" ? CompareView::tr("yes") : CompareView::tr("no");
    case ParamType::AcceleratorRef:
    case ParamType::InstanceRef:
        return QString::fromStdString(text);
    default:
        break;
    }
    bool ok = false;
    const double v = QString::fromStdString(text).toDouble(&ok);
    return ok ? formatNumber(v * def.display_factor, 4) : QString::fromStdString(text);
}

} // namespace

CompareView::CompareView(QWidget* parent) : QWidget(parent)
{
    setAccessibleName(tr("Scenario comparison"));
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(6, 6, 6, 6);

    m_summary = new QLabel(this);
    m_summary->setWordWrap(true);
    m_summary->setTextFormat(Qt::RichText);
    m_summary->setAccessibleName(tr("Compared plans"));
    layout->addWidget(m_summary);

    auto makeTable = [this](const QString& name) {
        auto* t = new QTableWidget(this);
        t->setAccessibleName(name);
        t->setEditTriggers(QAbstractItemView::NoEditTriggers);
        t->setAlternatingRowColors(true);
        t->verticalHeader()->setVisible(false);
        t->horizontalHeader()->setHighlightSections(false);
        t->setWordWrap(false);
        return t;
    };
    m_headline = makeTable(tr("Headline figures"));
    m_risks = makeTable(tr("Risks"));
    m_params = makeTable(tr("Parameters that differ"));

    auto* paramsPage = new QWidget(this);
    auto* paramsLayout = new QVBoxLayout(paramsPage);
    paramsLayout->setContentsMargins(0, 0, 0, 0);
    m_paramsNote = new QLabel(paramsPage);
    m_paramsNote->setWordWrap(true);
    paramsLayout->addWidget(m_paramsNote);
    paramsLayout->addWidget(m_params);

    auto* tabs = new QTabWidget(this);
    tabs->setAccessibleName(tr("Risks and parameters"));
    tabs->addTab(m_risks, tr("Risks"));
    tabs->addTab(paramsPage, tr("Parameters that differ"));

    auto* left = new QSplitter(Qt::Vertical, this);
    left->addWidget(m_headline);
    left->addWidget(tabs);
    left->setStretchFactor(0, 2);
    left->setStretchFactor(1, 3);

    m_bars = new CompareBarsChart(this);
    m_bars->setAccessibleName(tr("Cost by category group, one bar per plan"));
    m_tradeoff = new CompareTradeoffChart(this);
    m_tradeoff->setAccessibleName(tr("Shared trade-off chart"));

    auto* sweepPane = new QWidget(this);
    m_sweepPane = sweepPane;
    auto* sweepLayout = new QVBoxLayout(sweepPane);
    sweepLayout->setContentsMargins(0, 0, 0, 0);
    auto* controls = new QHBoxLayout;
    auto* sweepLabel = new QLabel(tr("&Sweep:"), sweepPane);
    m_sweepBox = new QComboBox(sweepPane);
    m_sweepBox->setAccessibleName(tr("Swept parameter"));
    m_sweepBox->setToolTip(tr("Parameter varied for every plan (only parameters all plans have)"));
    m_sweepBox->setSizeAdjustPolicy(QComboBox::AdjustToMinimumContentsLengthWithIcon);
    m_sweepBox->setMinimumContentsLength(24);
    sweepLabel->setBuddy(m_sweepBox);
    m_riskBox = new QCheckBox(tr("Show expected cost of &risk"), sweepPane);
    m_riskBox->setAccessibleName(tr("Show expected cost of risk"));
    controls->addWidget(sweepLabel);
    controls->addWidget(m_sweepBox, 1);
    controls->addWidget(m_riskBox);
    sweepLayout->addLayout(controls);
    m_sweepNote = new QLabel(sweepPane);
    m_sweepNote->setWordWrap(true);
    m_sweepNote->setVisible(false);
    sweepLayout->addWidget(m_sweepNote);
    sweepLayout->addWidget(m_tradeoff, 1);

    auto* right = new QSplitter(Qt::Vertical, this);
    auto* chartTabs = new QTabWidget(this);
    m_chartTabs = chartTabs;
    m_right = right;
    chartTabs->setAccessibleName(tr("Cost charts"));
    chartTabs->addTab(m_bars, tr("By category"));
    chartTabs->addTab(makeDistributionPage(), tr("Distribution"));
    m_valuePage = makeValuePage();
    chartTabs->addTab(m_valuePage, tr("Value"));
    right->addWidget(chartTabs);
    right->addWidget(sweepPane);
    right->setStretchFactor(0, 1);
    right->setStretchFactor(1, 1);

    auto* columns = new QSplitter(Qt::Horizontal, this);
    columns->addWidget(left);
    columns->addWidget(right);
    columns->setStretchFactor(0, 1);
    columns->setStretchFactor(1, 1);
    layout->addWidget(columns, 1);
    m_columns = columns;
    m_left = left;

    connect(m_sweepBox, &QComboBox::currentIndexChanged, this, [this] {
        if (m_updating)
            return;
        updateSweep();
        emit sweepParameterChanged(sweepParameter());
    });
    connect(m_riskBox, &QCheckBox::toggled, m_tradeoff, &CompareTradeoffChart::setShowRisk);
    rebuild();
}

CompareView::~CompareView() = default;

QWidget* CompareView::makeValuePage()
{
    auto* page = new QWidget(this);
    auto* v = new QVBoxLayout(page);
    v->setContentsMargins(0, 0, 0, 0);
    m_valueNote = new QLabel(page);
    m_valueNote->setWordWrap(true);
    m_valueNote->setTextFormat(Qt::PlainText); // plan names are user text
    v->addWidget(m_valueNote);
    auto* split = new QSplitter(Qt::Vertical, page);
    m_valueChart = new ValueChart(split);
    m_valueChart->setAccessibleName(tr("Cost to reach a benchmark score, plans A and B"));
    m_valueTornado = new ValueTornadoChart(split);
    m_valueTornado->setAccessibleName(tr("What moves the score at which A and B cost the same"));
    split->addWidget(m_valueChart);
    split->addWidget(m_valueTornado);
    split->setStretchFactor(0, 3);
    split->setStretchFactor(1, 2);
    v->addWidget(split, 1);
    m_valueWorker = new AnalysisWorker(this);
    return page;
}

void CompareView::updateValue()
{
    m_valueWorker->cancel();
    if (m_scenarios.size() < 2 || m_catalogs.size() < 2) {
        m_valueNote->setText(tr("Add a second plan to compare the two routes on value: what "
                                "each costs to reach the same benchmark score."));
        showValue(ValueComparison{});
        return;
    }
    m_valueNote->setText(tr("Computing the cost of each plan at every score…"));
    const Scenario a = m_scenarios[0], b = m_scenarios[1];
    const Catalog ca = m_catalogs[0], cb = m_catalogs[1];
    m_valueWorker->start<ValueComparison>(
        [a, b, ca, cb](const AnalysisControl& control) {
            ValueComparisonOptions o;
            o.points = 31;
            return compareValue(a, ca, b, cb, o, control);
        },
        [this](ValueComparison c) { showValue(c); });
}

void CompareView::showValue(const ValueComparison& c)
{
    // B's money in A's currency, at the rate of whichever plan is kept in CNY (compare.md).
    double factor = 1;
    if (m_scenarios.size() >= 2 && m_scenarios[0].currency != m_scenarios[1].currency)
        factor = m_scenarios[1].currency == Currency::CNY ? 1.0 / m_scenarios[1].cny_per_usd
                                                          : m_scenarios[0].cny_per_usd;
    m_valueResult = c;
    m_valueFactor = factor;
    QStringList names;
    for (std::size_t i = 0; i < std::min<std::size_t>(2, m_scenarios.size()); ++i)
        names << displayText(m_scenarios[i].name);
    m_valueChart->setCurrency(currencyCodeText(m_comparison.currency));
    m_valueChart->setComparison(c, names, {compareScenarioTag(0), compareScenarioTag(1)},
                                {compareScenarioColor(0), compareScenarioColor(1)}, factor);
    m_valueTornado->setComparison(c);
    if (names.size() < 2)
        return;
    if (!c.error.empty()) {
        // The reasons a plan has no route, in the reader's language.
        const int bad = std::clamp(c.failed_plan, 0, 1);
        const bool notEvaluable = c.problem == ValueProblem::NotEvaluable;
        m_valueNote->setText(
            notEvaluable
                ? tr("%1 (%2) cannot be evaluated: open it to see why.")
                      .arg(compareScenarioTag(bad), names[bad])
                : tr("%1 (%2) has no score to reach: it has no RL phase, and no pre-training "
                     "phase with a score map (Target → Score map), which reads its loss as a "
                     "benchmark score.")
                      .arg(compareScenarioTag(bad), names[bad]));
        return;
    }
    if (c.cancelled)
        return;
    QString text;
    if (std::isfinite(c.crossing)) {
        const int below = c.a_cheaper_below ? 0 : 1;
        text = tr("Below a score of %1, %2 is the cheaper route; above it, %3.")
                   .arg(QLocale().toString(c.crossing, 'f', 3), compareScenarioTag(below),
                        compareScenarioTag(1 - below));
    } else {
        text = tr("The two routes do not cost the same at any score on this range.");
    }
    m_valueNote->setText(text);
    // How to read the chart, where the note has no room for it at 1280×720.
    m_valueNote->setToolTip(
        tr("Lines: each plan sized to reach the score (RL by its target score, pre-training by "
           "the loss its score map reads as that score); bands: P10–P90 of the Monte Carlo, with "
           "the laws' uncertainty."));
}

QString CompareView::valueNote() const
{
    return m_valueNote->text();
}

void CompareView::waitForValue()
{
    m_valueWorker->waitForDone();
}

void CompareView::showValueTab()
{
    m_chartTabs->setCurrentWidget(m_valuePage);
}

QWidget* CompareView::makeDistributionPage()
{
    auto* page = new QWidget(this);
    auto* v = new QVBoxLayout(page);
    v->setContentsMargins(0, 0, 0, 0);
    auto* controls = new QHBoxLayout;
    auto* label = new QLabel(tr("S&how:"), page);
    m_quantityBox = new QComboBox(page);
    m_quantityBox->setAccessibleName(tr("Quantity shown"));
    m_quantityBox->addItem(tr("Total cost"));
    m_quantityBox->addItem(tr("Duration"));
    label->setBuddy(m_quantityBox);
    controls->addWidget(label);
    controls->addWidget(m_quantityBox);
    controls->addStretch(1);
    v->addLayout(controls);
    m_distributionNote = new QLabel(page);
    m_distributionNote->setWordWrap(true);
    m_distributionNote->setTextFormat(Qt::PlainText);
    v->addWidget(m_distributionNote);
    m_distribution = new CompareDistributionChart(page);
    m_distribution->setAccessibleName(tr("Monte Carlo distributions of the compared plans"));
    v->addWidget(m_distribution, 1);
    connect(m_quantityBox, &QComboBox::currentIndexChanged, this, [this](int i) {
        m_distribution->setQuantity(i == 1 ? CompareDistributionChart::Quantity::Days
                                           : CompareDistributionChart::Quantity::Cost);
    });
    return page;
}

/// The plans' Monte Carlo on one seed (kCompareMonteCarloRuns each: a few milliseconds per
/// plan, docs/performance.md, so it runs here rather than on a worker) and the share of
/// paired runs in which each plan beats the baseline.
QString CompareView::distributionNote() const
{
    return m_distributionNote->text();
}

void CompareView::updateDistribution()
{
    CompareUncertainty u;
    QStringList names;
    if (!m_comparison.scenarios.empty()) {
        std::vector<const Scenario*> ptrs;
        for (const Scenario& s : m_scenarios)
            ptrs.push_back(&s);
        u = compareUncertainty(ptrs, catalogPointers());
        for (const ComparedScenario& cs : m_comparison.scenarios)
            names << displayText(cs.name);
    }
    m_distribution->setCurrency(currencyCodeText(m_comparison.currency));
    m_distribution->setUncertainty(u, names);
    QStringList lines;
    if (u.error.empty())
        for (std::size_t i = 1; i < u.plans.size(); ++i)
            lines << (u.p_cheaper[i] < 0
                          ? tr("%1 is faster than %2 in %3 of %4 paired runs; their costs are not "
                               "compared, as one of them is not priced.")
                                .arg(compareScenarioTag(int(i)), compareScenarioTag(0),
                                     formatPercent(u.p_faster[i]),
                                     QLocale().toString(u.plans[i].runs))
                          : tr("%1 is cheaper than %2 in %3 of %4 paired runs and faster in %5.")
                                .arg(compareScenarioTag(int(i)), compareScenarioTag(0),
                                     formatPercent(u.p_cheaper[i]),
                                     QLocale().toString(u.plans[i].runs),
                                     formatPercent(u.p_faster[i])));
    if (!lines.isEmpty())
        lines << tr("Dots mark each plan's P50 and P90; the runs share their random draws, so "
                    "where the curves part is the plans' difference, not noise.");
    m_distributionNote->setText(lines.join(QLatin1Char('\n')));
    m_distributionNote->setVisible(!lines.isEmpty());
}

void CompareView::showEvent(QShowEvent* event)
{
    QWidget::showEvent(event);
    if (m_sized)
        return;
    m_sized = true;
    // Splitter sizes only stick once the final size is known (stretch factors would share
    // the first resize equally). Tables need room for a value column per plan and a
    // difference pair per non-baseline plan; the headline table holds 7 rows.
    const int w = m_columns->width();
    m_columns->setSizes({w * 48 / 100, w - w * 48 / 100});
    const int h = m_left->height();
    m_left->setSizes({std::min(240, h / 3), h - std::min(240, h / 3)});
    // Too low for the cost charts above the trade-off (each needs about 280 px to be read):
    // the trade-off becomes a third tab, so every chart is shown whole (issue 49, 2× scale).
    constexpr int kTwoChartRows = 2 * 280;
    if (m_right->height() < kTwoChartRows && m_sweepPane->parent() == m_right)
        m_chartTabs->addTab(m_sweepPane, tr("Shared trade-off"));
}

bool CompareView::tradeoffInTab() const
{
    return m_chartTabs->indexOf(m_sweepPane) >= 0;
}

QString CompareView::differenceText(const HeadlineRow& row, double diff, Currency currency)
{
    return formatDiff(row, diff, currency);
}

void CompareView::setScenarios(const std::vector<Scenario>& scenarios, const Catalog& catalog)
{
    setScenarios(scenarios, std::vector<Catalog>(scenarios.size(), catalog));
}

void CompareView::setScenarios(const std::vector<Scenario>& scenarios,
                               std::vector<Catalog> catalogs)
{
    m_scenarios = scenarios;
    m_catalogs = std::move(catalogs);
    Catalog none; // a plan given no catalog is refused, never priced at zero
    none.unavailable = "no catalog was given for this plan";
    m_catalogs.resize(m_scenarios.size(), none);
    rebuild();
}

std::vector<const Catalog*> CompareView::catalogPointers() const
{
    std::vector<const Catalog*> out;
    for (const Catalog& c : m_catalogs)
        out.push_back(&c);
    return out;
}

QString CompareView::summaryText() const
{
    return m_summary->text();
}

QString CompareView::sweepParameter() const
{
    return m_sweepBox->currentData().toString();
}

bool CompareView::setSweepParameter(const QString& id)
{
    const int i = m_sweepBox->findData(id);
    if (i < 0)
        return false;
    m_sweepBox->setCurrentIndex(i);
    return true;
}

void CompareView::rebuild()
{
    std::vector<const Scenario*> ptrs;
    for (const Scenario& s : m_scenarios)
        ptrs.push_back(&s);
    // One plan (the open one, queued when the window opens) is shown as the baseline with
    // its figures, risks, bars and sweep, not as an empty window (issue 49).
    m_comparison = ptrs.size() == 1 && !m_catalogs.empty()
                       ? baselineOnly(m_scenarios.front(), m_catalogs.front())
                   : ptrs.size() >= kCompareMin && ptrs.size() <= kCompareMax
                       ? compare(ptrs, catalogPointers())
                       : Comparison{};

    if (m_scenarios.size() == 1) {
        // The open plan waits for a second one: say so, or the view reads as empty (issue 49).
        m_summary->setText(
            tr("“%1” is the baseline (A). Add one to three more plans to compare it with.")
                .arg(displayText(m_scenarios.front().name))
                .toHtmlEscaped());
    } else if (m_comparison.scenarios.empty()) {
        m_summary->setText(tr("Add 2 to 4 plans to compare them."));
    } else {
        QStringList parts;
        for (std::size_t i = 0; i < m_comparison.scenarios.size(); ++i) {
            const int k = static_cast<int>(i);
            QString part =
                QStringLiteral("<b style=\"color:%1\">%2</b>&nbsp;%3")
                    .arg(compareScenarioColor(k).darker(120).name(), compareScenarioTag(k),
                         displayText(m_comparison.scenarios[i].name).toHtmlEscaped());
            if (i == 0)
                part += QLatin1Char(' ') + tr("(baseline)");
            if (!m_comparison.scenarios[i].estimate.ok)
                part += QLatin1Char(' ') + tr("(not priced: open it to see why)");
            parts << part;
        }
        m_summary->setText(
            parts.join(QStringLiteral(" &nbsp;·&nbsp; ")) + QStringLiteral("<br>") +
            tr("Differences are against the baseline; green is cheaper or less risky, red is "
               "dearer or riskier. Money in %1.")
                .arg(currencyCodeText(m_comparison.currency)));
    }
    fillFigureTable(m_headline, false);
    fillFigureTable(m_risks, true);
    fillParameterTable();
    m_bars->setComparison(m_comparison);
    updateDistribution();
    fillSweepBox();
    updateSweep();
    updateValue();
}

void CompareView::fillFigureTable(QTableWidget* table, bool risks)
{
    const Comparison& c = m_comparison;
    const int n = static_cast<int>(c.scenarios.size());
    QStringList header{risks ? tr("Risk") : tr("Figure")};
    for (int i = 0; i < n; ++i)
        header << compareScenarioTag(i);
    for (int i = 1; i < n; ++i)
        header << tr("%1 \u2212 %2", "difference of plan tags")
                      .arg(compareScenarioTag(i), compareScenarioTag(0))
               << tr("%1 vs %2", "relative difference of plan tags")
                      .arg(compareScenarioTag(i), compareScenarioTag(0));
    std::vector<const HeadlineRow*> rows;
    for (const HeadlineRow& r : c.headline)
        if (isRiskRow(r) == risks)
            rows.push_back(&r);
    table->clear();
    table->setColumnCount(static_cast<int>(header.size()));
    table->setRowCount(static_cast<int>(rows.size()));
    table->setHorizontalHeaderLabels(header);
    for (int i = 0; i < n; ++i) {
        QTableWidgetItem* h = table->horizontalHeaderItem(1 + i);
        h->setToolTip(
            plainToolTip(QString::fromStdString(c.scenarios[static_cast<std::size_t>(i)].name)));
        h->setForeground(compareScenarioColor(i).darker(130));
    }
    for (int r = 0; r < static_cast<int>(rows.size()); ++r) {
        const HeadlineRow& row = *rows[static_cast<std::size_t>(r)];
        table->setItem(r, 0, cell(figureLabel(row), Qt::AlignLeft | Qt::AlignVCenter));
        // A plan the engine refused (missing catalog, impossible layout) has no figures to
        // show or subtract: "not priced", never a 0 that looks cheapest.
        auto priced = [&](int i) { return c.scenarios[static_cast<std::size_t>(i)].estimate.ok; };
        for (int i = 0; i < n; ++i) {
            const std::size_t k = static_cast<std::size_t>(i);
            auto* value =
                cell(priced(i) ? formatFigure(row, row.values[k], c.currency) : tr("not priced"));
            // A figure per tokens says which tokens (issue 49).
            if (priced(i) && !row.basis.empty())
                value->setToolTip(tr("Per million %1", "kind of tokens")
                                      .arg(tokenBasisDisplayName(row.basis[k])));
            table->setItem(r, 1 + i, value);
        }
        for (int i = 1; i < n; ++i) {
            if (!priced(i) || !priced(0)) {
                table->setItem(r, n + 1 + 2 * (i - 1), cell(QStringLiteral("—")));
                table->setItem(r, n + 2 + 2 * (i - 1), cell(QStringLiteral("—")));
                continue;
            }
            if (!row.comparable[static_cast<std::size_t>(i)]) {
                // Per other tokens than the baseline's: the values stand, with no difference
                // and no colour, since neither is better (issue 49).
                auto* abs = cell(tr("not comparable"));
                auto* pct = cell(tr("n/a"));
                abs->setToolTip(notComparableText(row, i));
                pct->setToolTip(notComparableText(row, i));
                table->setItem(r, n + 1 + 2 * (i - 1), abs);
                table->setItem(r, n + 2 + 2 * (i - 1), pct);
                continue;
            }
            const double d = row.diff[static_cast<std::size_t>(i)];
            auto* abs = cell(formatDiff(row, d, c.currency));
            auto* pct =
                cell(negligibleBaseline(row, row.values[0]) && d != 0
                         ? tr("n/a")
                         : formatPercentDiff(row.diff_percent[static_cast<std::size_t>(i)]));
            // Every headline figure is better when lower (compare.h).
            if (abs->text() != tr("same")) {
                const QColor colour = d < 0 ? kBetter : kWorse;
                abs->setForeground(colour);
                pct->setForeground(colour);
                const QString verdict =
                    d < 0 ? tr("better than the baseline") : tr("worse than the baseline");
                abs->setToolTip(verdict);
                pct->setToolTip(verdict);
            }
            table->setItem(r, n + 1 + 2 * (i - 1), abs);
            table->setItem(r, n + 2 + 2 * (i - 1), pct);
        }
    }
    table->resizeColumnsToContents();
    table->resizeRowsToContents();
    table->setCurrentItem(nullptr);
}

void CompareView::fillParameterTable()
{
    const Comparison& c = m_comparison;
    const int n = static_cast<int>(c.scenarios.size());
    QStringList header{tr("Parameter"), tr("Unit")};
    for (int i = 0; i < n; ++i)
        header << compareScenarioTag(i);
    m_params->clear();
    m_params->setColumnCount(static_cast<int>(header.size()));
    m_params->setRowCount(static_cast<int>(c.params.size()));
    m_params->setHorizontalHeaderLabels(header);
    for (int i = 0; i < n; ++i)
        m_params->horizontalHeaderItem(2 + i)->setToolTip(
            plainToolTip(QString::fromStdString(c.scenarios[static_cast<std::size_t>(i)].name)));
    for (int r = 0; r < static_cast<int>(c.params.size()); ++r) {
        const ParamDiffRow& row = c.params[static_cast<std::size_t>(r)];
        const ParamDef& def = *row.def;
        auto* name = cell(parameterTitle(def, row.id), Qt::AlignLeft | Qt::AlignVCenter);
        name->setToolTip(QString::fromStdString(row.id) + QLatin1Char('\n') + paramHelp(def));
        name->setData(Qt::UserRole, QString::fromStdString(row.id));
        m_params->setItem(r, 0, name);
        m_params->setItem(r, 1,
                          cell(compareUnit(def, c.currency), Qt::AlignLeft | Qt::AlignVCenter));
        for (int i = 0; i < n; ++i) {
            const std::size_t k = static_cast<std::size_t>(i);
            QTableWidgetItem* v;
            if (!row.present[k]) {
                v = cell(QString::fromUtf8(kCompareAbsent.data(), kCompareAbsent.size()),
                         Qt::AlignCenter);
                v->setToolTip(tr("This plan has no phase of this kind"));
            } else {
                v = cell(parameterValue(def, row.values[k]));
                v->setToolTip(
                    QString::fromStdString(row.values[k]) + QLatin1Char(' ') +
                    QString::fromUtf8(def.unit.data(), static_cast<int>(def.unit.size())));
                if (i > 0 && row.values[k] != row.values[0]) {
                    QFont f = v->font();
                    f.setBold(true);
                    v->setFont(f);
                }
            }
            m_params->setItem(r, 2 + i, v);
        }
    }
    m_paramsNote->setText(
        c.scenarios.empty() ? QString()
        : c.params.empty()
            ? tr("The plans have the same inputs.")
            : tr("%n parameter(s) differ; \u2014 marks a phase the plan does not have.", nullptr,
                 static_cast<int>(c.params.size())));
    m_params->resizeColumnsToContents();
    m_params->resizeRowsToContents();
}

void CompareView::fillSweepBox()
{
    const QString previous = sweepParameter();
    m_updating = true;
    m_sweepBox->clear();
    std::vector<const Scenario*> ptrs;
    for (const Scenario& s : m_scenarios)
        ptrs.push_back(&s);
    if (!m_comparison.scenarios.empty()) {
        for (const std::string& id : commonParameters(ptrs)) {
            const auto ref = findParam(m_scenarios.front(), id);
            if (!ref || !ref->def)
                continue;
            const ParamDef& def = *ref->def;
            const QString unit = compareUnit(def, m_comparison.currency);
            const QString title = parameterTitle(def, id);
            m_sweepBox->addItem(unit.isEmpty() ? title
                                               : tr("%1 (%2)", "label (unit)").arg(title, unit),
                                QString::fromStdString(id));
            m_sweepBox->setItemData(m_sweepBox->count() - 1, QString::fromStdString(id),
                                    Qt::ToolTipRole);
        }
    }
    int index = m_sweepBox->findData(previous);
    // A sensible first view: the pre-training size if all plans pre-train, else the
    // checkpoint interval every plan has.
    for (const char* id : {"pretrain.tokens", "reliability.checkpoint_interval_h"})
        if (index < 0)
            index = m_sweepBox->findData(QString::fromLatin1(id));
    m_sweepBox->setCurrentIndex(index >= 0 ? index : (m_sweepBox->count() > 0 ? 0 : -1));
    m_updating = false;
}

void CompareView::updateSweep()
{
    const QString id = sweepParameter();
    std::vector<const Scenario*> ptrs;
    for (const Scenario& s : m_scenarios)
        ptrs.push_back(&s);
    QStringList names;
    for (const ComparedScenario& s : m_comparison.scenarios)
        names << displayText(s.name);
    if (id.isEmpty() || m_comparison.scenarios.empty()) {
        m_tradeoff->setSweeps({}, names, QString(), QString(), 1, false, {});
        m_sweepNote->setVisible(false);
        return;
    }
    const std::string sid = id.toStdString();
    const auto ref = findParam(m_scenarios.front(), sid);
    const ParamDef& def = *ref->def;
    const bool hasValidated = def.valid_max > def.valid_min;
    const double from = hasValidated ? def.valid_min : def.min;
    const double to = hasValidated ? def.valid_max : def.max;
    const std::vector<SweepResult> sweeps =
        sharedSweep(ptrs, catalogPointers(), sid, from, to, kSweepSteps);
    // Each plan's marker at the value it runs with: the Young/Daly interval when the
    // checkpoint interval is automatic, not the stored one it ignores (issue 49).
    QVector<double> current;
    for (std::size_t i = 0; i < m_scenarios.size(); ++i) {
        const auto r = findParam(m_scenarios[i], sid);
        current << (r && i < sweeps.size() ? valueInForce(m_scenarios[i], *r, sweeps[i])
                                           : std::nan(""));
    }
    const bool logX = def.scale == ParamScale::Log && from > 0;
    m_tradeoff->setCurrency(currencyCodeText(m_comparison.currency));
    m_tradeoff->setSweeps(sweeps, names, parameterTitle(def, sid),
                          compareUnit(def, m_comparison.currency), def.display_factor, logX,
                          current);
    const QStringList messages = m_tradeoff->messages();
    m_sweepNote->setText(messages.join(QLatin1Char('\n')));
    m_sweepNote->setVisible(!messages.isEmpty());
}

} // namespace costlab
