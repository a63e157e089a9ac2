#include "headlinestrip.h"

#include "labels.h"
#include "paramtext.h"
#include "plaintext.h"

#include <algorithm>
#include <cmath>

#include <QCoreApplication>
#include <QEvent>
#include <QFrame>
#include <QGridLayout>
#include <QHBoxLayout>
#include <QLabel>
#include <QLocale>
#include <QResizeEvent>
#include <QVBoxLayout>

namespace costlab {

namespace {

/// "Pre-training: sized by a target loss of 2.100 nats/token: 498 B tokens (P10 217 B, P90
/// 1.14 T)", or "" for a phase sized by its count.
QString targetLine(const QString& name, const TargetFigures& t)
{
    if (t.kind == TargetFigures::Kind::None)
        return {};
    const AmountBand band = targetBand(t);
    const double lo = band.p10, hi = band.p90;
    const QLocale loc;
    if (t.kind == TargetFigures::Kind::Loss)
        return HeadlineStrip::tr("%1: sized by a target loss of %2 nats/token: %3 tokens (P10 "
                                 "%4, P90 %5)")
            .arg(name, loc.toString(t.target, 'f', 3), formatCount(t.amount), formatCount(lo),
                 formatCount(hi));
    return HeadlineStrip::tr("%1: sized by a target score of %2: %3 iterations (P10 %4, P90 %5)")
        .arg(name, loc.toString(t.target, 'f', 3), formatNumber(t.amount, 4), formatNumber(lo, 4),
             formatNumber(hi, 4));
}

/// Catalog ids as one comma-separated list (plain text: shown in a tooltip, never as markup).
std::string joined(const std::vector<std::string>& ids)
{
    std::string out;
    for (const std::string& id : ids)
        out += (out.empty() ? "" : ", ") + id;
    return out;
}

// Fixed badge colours (not palette roles): their meaning must not change with the theme.
const char* const kBadgeStyle[3] = {
    "QLabel { background:#d8f0dc; color:#14532d; border:1px solid #86c795; border-radius:4px;"
    " padding:2px 6px; } QLabel:focus { border:2px solid #1f4e9c; }",
    "QLabel { background:#fdecc8; color:#7a4a00; border:1px solid #e8b548; border-radius:4px;"
    " padding:2px 6px; } QLabel:focus { border:2px solid #1f4e9c; }",
    "QLabel { background:#f9d4d2; color:#8a1010; border:1px solid #e07a74; border-radius:4px;"
    " padding:2px 6px; } QLabel:focus { border:2px solid #1f4e9c; }",
};
/// A badge with nothing to judge (not evaluated, not priced): grey, never the green of "low".
const char* const kNeutralBadgeStyle =
    "QLabel { background:#ececec; color:#333333; border:1px solid #b0b0b0; border-radius:4px;"
    " padding:2px 6px; } QLabel:focus { border:2px solid #1f4e9c; }";

} // namespace

HeadlineStrip::HeadlineStrip(QWidget* parent) : QWidget(parent)
{
    auto* outer = new QVBoxLayout(this);
    outer->setContentsMargins(8, 6, 8, 6);
    outer->setSpacing(4);
    m_figures = new QGridLayout;
    m_figures->setHorizontalSpacing(18);
    m_figures->setVerticalSpacing(2);
    m_total = addFigure();
    m_gpuHours = addFigure();
    m_days = addFigure();
    m_perToken = addFigure();
    m_mfu = addFigure();
    m_budget = addFigure();
    outer->addLayout(m_figures);
    // The strip's width comes from the window, not from one row of figures: an explicit
    // minimum keeps the layout from imposing the one-row width, and arrangeFigures() wraps.
    setMinimumWidth(320);
    setSizePolicy(QSizePolicy::Preferred, QSizePolicy::Fixed);

    m_badgeGrid = new QGridLayout;
    m_badgeGrid->setSpacing(6);
    for (QLabel*& b : m_badges) {
        b = new QLabel(this);
        b->setTextFormat(Qt::PlainText);
        b->setFocusPolicy(Qt::TabFocus); // reachable by keyboard so the tooltip can be read
    }
    arrangeFigures();
    m_problems = new QLabel(this);
    m_problems->setTextFormat(Qt::PlainText);
    m_problems->setWordWrap(true);
    m_problems->setStyleSheet(QString::fromLatin1(kBadgeStyle[2]));
    m_problems->hide();
    outer->addLayout(m_badgeGrid);
    // A row of its own under the badges: beside them, a long warning made every badge as tall
    // as the warning's wrapped text.
    outer->addWidget(m_problems);

    // The range sits in the total's own box, under the point estimate.
    m_range = new QLabel(this);
    m_range->setTextFormat(Qt::PlainText);
    m_range->setForegroundRole(QPalette::PlaceholderText);
    m_figureBoxes.front()->insertWidget(2, m_range);
    // The duration's P90 and the chance of missing the deadline, under the days.
    m_daysRange = new QLabel(this);
    m_daysRange->setTextFormat(Qt::PlainText);
    m_daysRange->setForegroundRole(QPalette::PlaceholderText);
    m_figureBoxes[2]->insertWidget(2, m_daysRange);

    applyFonts();
    setAutoFillBackground(true);
    retranslate();
}

void HeadlineStrip::arrangeFigures()
{
    int oneRow = 0;
    for (QVBoxLayout* box : m_figureBoxes)
        oneRow += box->sizeHint().width() + m_figures->horizontalSpacing();
    const QMargins m = contentsMargins() + layout()->contentsMargins();
    const int available = width() - m.left() - m.right();
    int badgesOneRow = 0;
    for (QLabel* b : m_badges)
        badgesOneRow += b->sizeHint().width() + m_badgeGrid->horizontalSpacing();
    if (const int badgeRows = badgesOneRow <= available ? 1 : 2; badgeRows != m_badgeRows) {
        m_badgeRows = badgeRows;
        const int perRow = badgeRows == 1 ? kBadgeCount : (kBadgeCount + 1) / 2;
        for (QLabel* b : m_badges)
            m_badgeGrid->removeWidget(b);
        for (int i = 0; i < kBadgeCount; ++i)
            m_badgeGrid->addWidget(m_badges[i], i / perRow, i % perRow);
        for (int c = 0; c <= kBadgeCount; ++c)
            m_badgeGrid->setColumnStretch(c, c == perRow ? 1 : 0); // badges left, slack right
    }
    const int rows = oneRow <= available ? 1 : 2;
    if (rows == m_figureRows)
        return;
    m_figureRows = rows;
    const int perRow = rows == 1 ? int(m_figureBoxes.size()) : 3;
    for (QVBoxLayout* box : m_figureBoxes)
        m_figures->removeItem(box);
    for (int i = 0; i < int(m_figureBoxes.size()); ++i)
        m_figures->addLayout(m_figureBoxes[std::size_t(i)], i / perRow, i % perRow);
    for (int c = 0; c <= int(m_figureBoxes.size()); ++c)
        m_figures->setColumnStretch(c, c == perRow ? 1 : 0); // figures left, slack right
}

bool HeadlineStrip::eventFilter(QObject* watched, QEvent* event)
{
    if (event->type() == QEvent::MouseButtonPress || event->type() == QEvent::MouseButtonDblClick)
        if (auto* label = qobject_cast<QLabel*>(watched);
            label && label->textInteractionFlags() == Qt::NoTextInteraction)
            label->setTextInteractionFlags(Qt::TextSelectableByMouse); // this press selects
    return QWidget::eventFilter(watched, event);
}

void HeadlineStrip::resizeEvent(QResizeEvent* event)
{
    QWidget::resizeEvent(event);
    arrangeFigures();
}

HeadlineStrip::Figure HeadlineStrip::addFigure()
{
    Figure f;
    auto* box = new QVBoxLayout;
    m_figureBoxes.push_back(box);
    box->setSpacing(0);
    f.caption = new QLabel(this);
    f.caption->setForegroundRole(QPalette::PlaceholderText);
    f.value = new QLabel(this); // fonts: applyFonts()
    // The figures can be selected and copied (a finance reader takes the total into a
    // spreadsheet). A selectable QLabel lays out, measures and paints its text through a
    // QTextDocument: on every slider move that was 10 % of the window's work in callgrind
    // (issue 50). So a figure becomes selectable when pressed (eventFilter) and plain again
    // when its number next changes while the reader is elsewhere (putText); the I-beam
    // cursor says meanwhile that it can be selected.
    f.value->setTextFormat(Qt::PlainText);
    f.value->setCursor(Qt::IBeamCursor);
    f.value->installEventFilter(this);
    box->addWidget(f.caption);
    box->addWidget(f.value);
    box->addStretch(1);
    return f;
}

namespace {

// Issue 50: a slider move re-sent every text, tooltip and style sheet of the strip, and a
// style sheet set again repolishes and relayouts its label even when it is the same — 37 %
// of the synchronous work of a move. Only what changed is set.
void putText(QLabel* l, const QString& text)
{
    if (l->text() == text)
        return;
    // A figure made selectable by a press (HeadlineStrip::eventFilter) goes back to the plain
    // text path when its number changes, unless the reader is still in it (focus).
    if (l->textInteractionFlags() != Qt::NoTextInteraction && !l->hasFocus())
        l->setTextInteractionFlags(Qt::NoTextInteraction);
    l->setText(text);
}
void putTip(QWidget* w, const QString& tip)
{
    if (w->toolTip() != tip)
        w->setToolTip(tip);
}
void putStyle(QWidget* w, const QString& style)
{
    if (w->styleSheet() != style)
        w->setStyleSheet(style);
}
void putName(QWidget* w, const QString& name)
{
    if (w->accessibleName() != name)
        w->setAccessibleName(name);
}
void putDescription(QWidget* w, const QString& text)
{
    if (w->accessibleDescription() != text)
        w->setAccessibleDescription(text);
}

} // namespace

void HeadlineStrip::setEstimate(const Scenario& scenario, const Estimate& estimate)
{
    m_scenario = scenario;
    m_estimate = estimate;
    m_hasEstimate = true;
    updateTexts();
}

void HeadlineStrip::setUncertainty(const MonteCarloResult& result)
{
    m_uncertainty = result;
    m_uncertainty.cost_samples.clear();
    m_uncertainty.days_samples.clear();
    m_uncertainty.events.clear();
    updateTexts();
}

QString HeadlineStrip::rangeText() const
{
    return m_range->text();
}

QString HeadlineStrip::daysRangeText() const
{
    return m_daysRange->text();
}

void HeadlineStrip::retranslate()
{
    // Captions from the table of plan figures (figures.h), as the comparison and lessons.
    putText(m_total.caption, figureCaption("total"));
    putText(m_gpuHours.caption, figureCaption("gpu_hours"));
    putText(m_days.caption, figureCaption("wall_days"));
    putText(m_perToken.caption, figureCaption("cost_per_million_tokens"));
    putText(m_mfu.caption, figureCaption("mfu"));
    putText(m_budget.caption, figureCaption("budget_ratio"));
    putTip(m_gpuHours.value, tr("Accelerator hours over all phases, including time lost "
                                "to failures and checkpoint stalls"));
    putTip(m_days.value, tr("Calendar time from the first phase's start to the last "
                            "phase's end"));
    putTip(m_perToken.value, tr("Total cost divided by the trained tokens, per million"));
    putTip(m_budget.value, tr("Total cost against the budget: within below 90 %, "
                              "warning up to 100 %, over above"));
    updateTexts();
}

namespace {

/// The budget badge of a plan without a total: no overrun to judge, so neither a green tick
/// nor a percentage.
void showUnpricedBudget(QLabel* b, const QString& name)
{
    putStyle(b, QString::fromLatin1(kNeutralBadgeStyle));
    putText(b, HeadlineStrip::tr("%1: not priced").arg(name));
    putTip(b, HeadlineStrip::tr("The plan has no total (an accelerator has no price in the "
                                "catalog), so it cannot be compared with the budget."));
}

/// The headline's budget figure: status, share of the budget and its colour.
void showBudget(QLabel* value, const Estimate& e)
{
    QString budget, style;
    switch (e.priced ? budgetStatus(e) : BudgetStatus::NoBudget) {
    case BudgetStatus::NoBudget:
    case BudgetStatus::NotPriced:
        budget = e.priced ? HeadlineStrip::tr("No budget set") : HeadlineStrip::tr("Not priced");
        break;
    case BudgetStatus::Ok:
        budget = HeadlineStrip::tr("Within (%1)").arg(formatPercent(e.budget_ratio));
        style = QStringLiteral("color:#14532d;");
        break;
    case BudgetStatus::Warning:
        budget = HeadlineStrip::tr("Warning (%1)").arg(formatPercent(e.budget_ratio));
        style = QStringLiteral("color:#9a5b00;");
        break;
    case BudgetStatus::Over:
        budget = HeadlineStrip::tr("Over (%1)").arg(formatPercent(e.budget_ratio));
        style = QStringLiteral("color:#a01010;");
        break;
    }
    putText(value, budget);
    putStyle(value, style);
}

} // namespace

/// No estimate yet, or one the engine refused: a dash for every figure, and for a refused
/// plan "Cannot be evaluated" with the reason in the problems line.
void HeadlineStrip::showNoFigures()
{
    for (Figure* f : {&m_total, &m_gpuHours, &m_days, &m_perToken, &m_mfu, &m_budget}) {
        putText(f->value, QStringLiteral("—"));
        putStyle(f->value, QString());
    }
    m_range->clear();
    putTip(m_range, QString());
    m_daysRange->clear();
    putTip(m_daysRange, QString());
    if (!m_hasEstimate)
        return;
    putText(m_total.value, tr("Cannot be evaluated"));
    putTip(m_total.value, tr("The plan has a problem, named beside the risk badges; no "
                             "cost, time or risk is shown until it is fixed."));
    updateMfu(); // fills the problems line
    putText(m_mfu.value, QStringLiteral("—"));
}

void HeadlineStrip::updateTexts()
{
    const Currency cur = m_scenario.currency;
    const Estimate& e = m_estimate;
    // A plan the engine refuses shows no figure and no judged badge (issue 44: $0 with green
    // badges); the reason stands in the problems line (updateMfu).
    const bool evaluated = m_hasEstimate && e.ok;
    if (!evaluated) {
        showNoFigures();
    } else {
        putText(m_total.value, e.priced ? formatMoney(e.total, cur) : tr("Not priced"));
        putTip(m_total.value,
               plainToolTip(
                   e.priced
                       ? tr("Expected total cost of the plan, including hidden costs "
                            "(failures, idle capacity, engineering)")
                       : tr("The catalog has no price for %1 (a reference-only entry): its GPU "
                            "time is not costed, so no total is shown. GPU-hours, time, memory "
                            "and risks are still estimated. Add a price in Library → Catalogs.")
                             .arg(QString::fromStdString(joined(e.unpriced)))));
        const MonteCarloResult& u = m_uncertainty;
        if (u.error.empty() && u.runs > 0 && e.ok && e.priced) {
            putText(m_range, tr("P50 %1 · P90 %2")
                                 .arg(formatMoney(u.cost.p50, cur), formatMoney(u.cost.p90, cur)));
            QString tip =
                tr("Monte Carlo over each phase's timeline, %n runs: total cost P10 %1, "
                   "P50 %2, P90 %3; duration P50 %4 days, P90 %5 days. Failures and "
                   "restarts against the last checkpoint, divergence rollbacks and lost runs, "
                   "capacity waits and the spread of failure rate, restart time and "
                   "throughput are sampled (costlab-cli montecarlo).",
                   nullptr, u.runs)
                    .arg(formatMoney(u.cost.p10, cur), formatMoney(u.cost.p50, cur),
                         formatMoney(u.cost.p90, cur), formatNumber(u.days.p50),
                         formatNumber(u.days.p90));
            if (u.p_over_budget >= 0)
                tip += QLatin1Char('\n') +
                       tr("P(over budget): %1").arg(formatPercent(u.p_over_budget));
            if (u.p_daily_alert >= 0)
                tip += QLatin1Char('\n') + tr("P(a day's spend above the daily alert line): %1")
                                               .arg(formatPercent(u.p_daily_alert));
            putTip(m_range, tip);
            QString days = tr("P90 %1 days").arg(formatNumber(u.days.p90));
            if (u.p_late >= 0)
                days = tr("%1 · P(late) %2").arg(days, formatPercent(u.p_late));
            putText(m_daysRange, days);
            putTip(m_daysRange,
                   u.p_late >= 0
                       ? tr("Duration in %n Monte Carlo runs: P50 %1 days, P90 %2 days; %3 of the "
                            "runs end after the deadline of %4 days.",
                            nullptr, u.runs)
                             .arg(formatNumber(u.days.p50), formatNumber(u.days.p90),
                                  formatPercent(u.p_late),
                                  formatNumber(m_scenario.budget.deadline_days))
                       : tr("Duration in %n Monte Carlo runs: P50 %1 days, P90 %2 days. Set a "
                            "deadline (Budget) to see the chance of missing it.",
                            nullptr, u.runs)
                             .arg(formatNumber(u.days.p50), formatNumber(u.days.p90)));
        } else {
            putText(m_range, QString());
            putTip(m_range, QString());
            putText(m_daysRange, QString());
            putTip(m_daysRange, QString());
        }
        putText(m_gpuHours.value, tr("%1 GPU-h").arg(formatCount(e.gpu_hours)));
        putText(m_days.value, tr("%1 days").arg(formatNumber(e.wall_hours / 24.0)));
        putText(m_perToken.value,
                !e.priced ? tr("Not priced")
                : e.tokens > 0
                    ? tr("%1 / M tokens").arg(formatMoney(e.cost_per_million_tokens, cur))
                    : tr("n/a (no trained tokens)"));
        updateMfu();
        showBudget(m_budget.value, e);
    }

    for (int i = 0; i < kBadgeCount; ++i) {
        QLabel* b = m_badges[i];
        const RiskInfo& info = riskTable()[std::size_t(i)];
        const QString name = riskShortName(info.kind);
        Risk r = e.*info.plan;
        // Once the Monte Carlo runs are in, the budget overrun is their share over budget,
        // not the normal approximation evaluate() gives.
        const MonteCarloResult& u = m_uncertainty;
        const bool sampled =
            info.kind == RiskKind::Budget && u.error.empty() && u.runs > 0 && u.p_over_budget >= 0;
        if (sampled)
            r.probability = u.p_over_budget;
        if (!evaluated) {
            m_severity[i] = -1;
            putStyle(b, QString::fromLatin1(kNeutralBadgeStyle));
            putText(b, m_hasEstimate ? tr("%1 —").arg(name) : name);
            putTip(b, m_hasEstimate ? tr("%1: not evaluated, as the plan cannot be "
                                         "evaluated (the reason is shown beside the badges).")
                                          .arg(riskDisplayName(info.kind))
                                    : QString());
            continue;
        }
        const int sev = riskImpactLevel(info, r, e.total);
        m_severity[i] = sev;
        putStyle(b, QString::fromLatin1(kBadgeStyle[sev]));
        if (info.kind == RiskKind::Budget && budgetStatus(e) == BudgetStatus::NotPriced) {
            showUnpricedBudget(b, name);
            continue;
        }
        // A shape per level beside the colour, for readers who can't tell green from red:
        // one, two or three filled dots of impact. Not ✓/▲/✖: the level is the risk's impact
        // (expected cost), and a tick beside "Recovery 100 %" read as a contradiction (issue
        // 49); dots grade without judging the probability printed next to them.
        static const char16_t* const kMarks[] = {u"\u25CF\u25CB\u25CB", u"\u25CF\u25CF\u25CB",
                                                 u"\u25CF\u25CF\u25CF"};
        putText(b, tr("%1 %2 %3")
                       .arg(QString::fromUtf16(kMarks[std::clamp(sev, 0, 2)]), name,
                            formatPercent(r.probability)));
        const QString level = sev == 0   ? tr("low impact")
                              : sev == 1 ? tr("elevated impact")
                                         : tr("high impact");
        const QString share = formatPercent(e.total > 0 ? r.expected_cost / e.total : 0.0);
        const QString judged =
            info.in_total && info.run_killing
                ? tr("Colour by impact: the higher of its expected cost, %1 of the plan (low "
                     "below 1 %, high from 5 %), and its probability, since it ends the run "
                     "(low below 5 %, high from 20 %).")
                      .arg(share)
            : info.in_total
                ? tr("Colour by impact: expected cost %1 of the plan (low below 1 %, high from "
                     "5 %).")
                      .arg(share)
                : tr("Colour by probability: low below 5 %, high from 20 %.");
        QString explain = riskExplanation(info.kind);
        if (sampled)
            explain += QLatin1Char('\n') +
                       tr("Probability: the share of %n Monte Carlo runs over the budget.", nullptr,
                          u.runs);
        if (info.phase)
            explain +=
                QLatin1Char('\n') + tr("Plan figure: the chance that it happens in any phase "
                                       "(phases independent); expected costs summed over phases.");
        explain +=
            QLatin1Char('\n') + (info.in_total ? tr("Its expected cost is included in the total.")
                                               : tr("Its expected cost is not part of the total."));
        const QString tip = tr("%1: %2 (%3)\nExpected cost: %4\n%5\n\n%6")
                                .arg(riskDisplayName(info.kind), formatPercent(r.probability),
                                     level, formatMoney(r.expected_cost, cur), judged, explain);
        putTip(b, tip);
        putName(b, riskDisplayName(info.kind));
        putDescription(b, tip);
    }
    arrangeFigures(); // the badges' widths follow their texts
}

void HeadlineStrip::updateMfu()
{
    // The headline MFU is the largest training phase's; the tooltip lists every one.
    const PhaseEstimate* main = nullptr;
    QStringList lines, problems;
    const QLocale loc;
    for (std::size_t i = 0; i < m_estimate.phases.size(); ++i) {
        const PhaseEstimate& pe = m_estimate.phases[i];
        if (pe.kind == PhaseKind::Evaluation && pe.layout.problem == LayoutProblem::None)
            continue; // no MFU line; its shape or engine TP can still be impossible
        QString name =
            i < m_scenario.phases.size() ? displayText(m_scenario.phases[i].name) : QString();
        if (name.isEmpty())
            name = phaseKindDisplayName(pe.kind);
        if (pe.layout.problem != LayoutProblem::None) {
            problems << (isShapeProblem(pe.layout.problem)
                             ? tr("%1: impossible model shape, not priced: %2")
                         : isTargetProblem(pe.layout.problem)
                             ? tr("%1: unreachable target, not priced: %2")
                             : tr("%1: impossible layout, not priced: %2"))
                            .arg(name, layoutProblemText(pe.layout));
            continue;
        }
        if (!main || pe.gpu_hours > main->gpu_hours)
            main = &pe;
        const ParallelLayout& l = pe.layout.layout;
        QString line = tr("%1: MFU %2 (%3); TP %4 × PP %5 × CP %6 × DP %7")
                           .arg(name, formatPercent(pe.mfu), throughputSourceText(pe.throughput),
                                loc.toString(l.tp), loc.toString(l.pp), loc.toString(l.cp),
                                loc.toString(l.dp));
        if (pe.layout.tp_over_domain)
            line += tr(" — TP × CP spans more GPUs than one NVLink domain: its collectives run "
                       "on the slower scale-out network");
        lines << line;
        if (const QString t = targetLine(name, pe.target); !t.isEmpty())
            lines << t;
        if (pe.target.outside_fit) // a budget read off an extrapolation says so where it shows
            problems << tr("%1: sized by a law outside the runs it was fitted on (an "
                           "extrapolation; docs/model-reference.md §11)")
                            .arg(name);
    }
    putText(m_mfu.value, main ? formatPercent(main->mfu) : tr("n/a"));
    putTip(m_mfu.value, lines.isEmpty()
                            ? tr("No training phase")
                            : tr("Model-FLOPs utilisation (PaLM convention) of each training "
                                 "phase:\n%1")
                                  .arg(lines.join(QLatin1Char('\n'))));
    // The engine's other warnings (unknown catalog ids, capped throughput, no progress), in
    // the UI language; the generic layout warning is replaced by the specific lines above.
    for (std::string_view w : m_estimate.warnings)
        if (w != kImpossibleLayoutWarning) {
            QString text = QCoreApplication::translate("costlab::Warning", w.data());
            if (w == kCatalogUnavailableWarning) // name it, as the CLI and the report do
                text = tr("Price catalog '%1': %2")
                           .arg(QString::fromStdString(m_scenario.catalog_id), text);
            if (!problems.contains(text))
                problems << text;
        }
    putText(m_problems, problems.join(QLatin1Char('\n')));
    m_problems->setVisible(!problems.isEmpty());
}

QString HeadlineStrip::mfuText() const
{
    return m_mfu.value->text();
}

QString HeadlineStrip::problemText() const
{
    return m_problems->isHidden() ? QString() : m_problems->text();
}

QString HeadlineStrip::totalText() const
{
    return m_total.value->text();
}
QString HeadlineStrip::badgeText(int i) const
{
    return m_badges[i]->text();
}
int HeadlineStrip::badgeSeverity(int i) const
{
    return m_severity[i];
}

void HeadlineStrip::applyFonts()
{
    const QFont base = font();
    auto scaled = [&base](double factor, bool bold) {
        QFont f = base;
        f.setPointSizeF(base.pointSizeF() * factor);
        f.setBold(bold);
        return f;
    };
    for (const Figure* f : {&m_total, &m_gpuHours, &m_days, &m_perToken, &m_mfu, &m_budget}) {
        f->caption->setFont(scaled(0.9, false));
        f->value->setFont(scaled(f == &m_total ? 1.6 : 1.25, true));
    }
    // Labels with a style sheet stop following the parent's font once polished: set it.
    for (QLabel* b : m_badges)
        b->setFont(base);
    if (m_problems)
        m_problems->setFont(base);
    // Larger type needs its own arrangement (one or two rows).
    m_figureRows = 0;
    m_badgeRows = 0;
    arrangeFigures();
}

void HeadlineStrip::changeEvent(QEvent* event)
{
    if (event->type() == QEvent::LanguageChange)
        retranslate();
    // Issue 49: at the presenter's 200 % type the captions grew and the figures and badges
    // did not; every text of the strip now scales with the strip's font.
    if (event->type() == QEvent::FontChange)
        applyFonts();
    QWidget::changeEvent(event);
}

} // namespace costlab
