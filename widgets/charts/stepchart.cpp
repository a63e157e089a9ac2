#include "stepchart.h"
#include "plaintext.h"

#include "labels.h"

#include <QEvent>
#include <QLocale>

#include <algorithm>
#include <utility>

namespace costlab {

namespace {
constexpr double kBarWidth = 0.6;

/// One colour per part: compute in the cost chart's compute blue, waiting in greys,
/// communication in warm colours (what a layout change can remove).
QColor partColor(StepChart::Part p)
{
    static const std::array<QColor, StepChart::PartCount> colors{
        QColor(0x2b, 0x6c, 0xb0), // compute
        QColor(0x9e, 0x9e, 0x9e), // host
        QColor(0xe0, 0x7b, 0x39), // TP
        QColor(0xc9, 0x4f, 0x7c), // CP
        QColor(0x8e, 0x5e, 0xa2), // EP
        QColor(0xd9, 0xb4, 0x3c), // bubble
        QColor(0xc0, 0x39, 0x2b), // DP
        QColor(0x5d, 0x8a, 0x5e), // optimizer
        QColor(0x6d, 0x4c, 0x41), // stragglers (production)
        QColor(0xbc, 0xaa, 0xa4), // evaluation (production)
    };
    static_assert(StepChart::PartCount == kStepPartCount);
    return colors[std::size_t(p)];
}
} // namespace

StepChart::StepChart(QWidget* parent) : ChartBase(parent), m_ticker(new QCPAxisTickerText)
{
    setExportBaseName(QStringLiteral("step-breakdown"));
    placeLegend(LegendPlace::Top);
    yAxis->setTicker(m_ticker);
    yAxis->setRangeReversed(true);
    yAxis->grid()->setVisible(false);
    yAxis->setSubTicks(false);
    yAxis->setTickLength(0, 3);
    QCPBars* below = nullptr;
    for (int p = 0; p < PartCount; ++p) {
        auto* b = new QCPBars(yAxis, xAxis);
        b->setBrush(partColor(Part(p)));
        b->setPen(QPen(Qt::white, 0.8));
        b->setWidth(kBarWidth);
        b->setStackingGap(0);
        if (below)
            b->moveAbove(below);
        below = b;
        m_bars[std::size_t(p)] = b;
    }
    m_message = addMessageItem();
    retranslate();
    updatePlot();
}

QString StepChart::partName(Part p)
{
    switch (p) {
    case Compute:
        return tr("Compute");
    case Host:
        return tr("Host wait");
    case Tp:
        return tr("TP comm.");
    case Cp:
        return tr("CP comm.");
    case Ep:
        return tr("EP all-to-all");
    case Bubble:
        return tr("PP bubble");
    case Dp:
        return tr("DP comm.");
    case Optimizer:
        return tr("Optimizer");
    case Straggler:
        return tr("Stragglers");
    case Eval:
        return tr("Evaluation");
    case PartCount:
        break;
    }
    return {};
}

void StepChart::retranslate()
{
    setTitle(tr("One optimizer step: where the time goes"));
    xAxis->setLabel(tr("Time per step (s)"));
    for (int p = 0; p < PartCount; ++p)
        m_bars[std::size_t(p)]->setName(partName(Part(p)));
}

void StepChart::setEstimate(const Scenario& scenario, const Estimate& estimate)
{
    m_scenario = scenario;
    m_estimate = estimate;
    const QVector<Row> before = std::exchange(m_rows, {});
    const QStringList notBefore = std::exchange(m_notModelled, {});
    const QLocale loc;
    for (std::size_t i = 0; i < estimate.phases.size(); ++i) {
        const PhaseEstimate& pe = estimate.phases[i];
        if (pe.kind == PhaseKind::Evaluation)
            continue;
        const Phase* phase = i < scenario.phases.size() ? &scenario.phases[i] : nullptr;
        QString name = phase ? displayText(phase->name) : QString();
        if (name.isEmpty())
            name = phaseKindDisplayName(pe.kind);
        if (pe.step.total_s <= 0) {
            if (pe.layout.problem == LayoutProblem::None)
                m_notModelled << name;
            continue;
        }
        Row r;
        r.label = tr("%1 · MFU %2").arg(name, formatPercent(pe.mfu));
        const ParallelLayout& l = pe.layout.layout;
        QString layout = tr("TP %1 × PP %2 × CP %3 × DP %4")
                             .arg(loc.toString(l.tp), loc.toString(l.pp), loc.toString(l.cp),
                                  loc.toString(l.dp));
        if (l.ep > 1 || l.etp != l.tp) // MoE: the expert layers' fold (dense: ETP = TP)
            layout += tr(", EP %1 × ETP %2").arg(loc.toString(l.ep), loc.toString(l.etp));
        const StepBreakdown& b = pe.step;
        const double prod = productionSeconds(b);
        auto secs = [&loc](double v) { return loc.toString(v, 'f', v < 10 ? 2 : 1); };
        r.detail = tr("%1; %2 micro-batches of %3 per step; %4 s per step in a benchmark, %5 s "
                      "in production")
                       .arg(layout, loc.toString(l.micro_batches), loc.toString(l.micro_batch),
                            secs(b.total_s), secs(prod));
        for (int i = 0; i < PartCount; ++i)
            r.seconds[std::size_t(i)] = b.*kStepParts[i].seconds;
        m_rows << r;
    }
    if (m_drawn && m_rows == before && m_notModelled == notBefore)
        return;
    m_drawn = true;
    updatePlot();
}

QStringList StepChart::rowLabels() const
{
    QStringList out;
    for (const Row& r : m_rows)
        out << r.label;
    return out;
}

double StepChart::partSeconds(int row, Part part) const
{
    if (row < 0 || row >= m_rows.size() || part < 0 || part >= PartCount)
        return 0;
    return m_rows[row].seconds[std::size_t(part)];
}

bool StepChart::showsMessage() const
{
    return m_rows.isEmpty();
}

void StepChart::updatePlot()
{
    const int n = m_rows.size();
    double maxT = 0;
    m_ticker->clear();
    for (int p = 0; p < PartCount; ++p) {
        QVector<double> keys(n), values(n);
        for (int i = 0; i < n; ++i) {
            keys[i] = i + 1;
            values[i] = m_rows[i].seconds[std::size_t(p)];
        }
        m_bars[std::size_t(p)]->setData(keys, values, true);
    }
    for (int i = 0; i < n; ++i) {
        double t = 0;
        for (double v : m_rows[i].seconds)
            t += v;
        maxT = std::max(maxT, t);
        m_ticker->addTick(i + 1, wrapLabel(m_rows[i].label, 22));
    }
    const bool none = n == 0;
    // Only the parts some phase has enter the legend (most plans have no CP or EP).
    for (int p = 0; p < PartCount; ++p) {
        bool any = false;
        for (const Row& r : m_rows)
            any = any || r.seconds[std::size_t(p)] > 0;
        QCPBars* b = m_bars[std::size_t(p)];
        if (any && !legend->hasItemWithPlottable(b))
            b->addToLegend();
        else if (!any && legend->hasItemWithPlottable(b))
            b->removeFromLegend();
    }
    QString msg = tr("No phase has a modelled training step.");
    if (!m_notModelled.isEmpty())
        msg += QLatin1Char('\n') + tr("Pinned MFU or measured throughput: %1")
                                       .arg(m_notModelled.join(QStringLiteral(", ")));
    m_message->setText(fitToWidth(msg, m_message->font(), int(axisRect()->width() * 0.9)));
    m_message->setVisible(none);
    for (QCPBars* b : m_bars)
        b->setVisible(!none);
    legend->setVisible(!none);
    xAxis->setTicks(!none);
    xAxis->grid()->setVisible(!none);
    xAxis->setRange(0, maxT > 0 ? maxT * 1.05 : 1.0);
    fitTickCount(xAxis, QLocale().toString(xAxis->range().upper, 'f', 0));
    yAxis->setRange(0.4, std::max(1, n) + 0.6);
    requestReplot();
}

QString StepChart::toolTipAt(const QPointF& pos) const
{
    if (m_rows.isEmpty())
        return {};
    const int row = int(std::lround(yAxis->pixelToCoord(pos.y()))) - 1;
    if (row < 0 || row >= m_rows.size())
        return {};
    const Row& r = m_rows[row];
    double total = 0;
    for (double v : r.seconds)
        total += v;
    QStringList lines{r.label, r.detail};
    const QLocale loc;
    for (int p = 0; p < PartCount; ++p) {
        const double v = r.seconds[std::size_t(p)];
        if (v > 0)
            lines << tr("%1: %2 s (%3)")
                         .arg(partName(Part(p)), loc.toString(v, 'f', v < 1 ? 3 : 2),
                              formatPercent(total > 0 ? v / total : 0));
    }
    return lines.join(QLatin1Char('\n'));
}

void StepChart::changeEvent(QEvent* event)
{
    if (event->type() == QEvent::LanguageChange) {
        retranslate();
        m_drawn = false;
        setEstimate(m_scenario, m_estimate);
    }
    ChartBase::changeEvent(event);
}

} // namespace costlab
