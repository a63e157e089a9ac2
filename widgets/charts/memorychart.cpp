#include "memorychart.h"
#include "plaintext.h"

#include "labels.h"
#include "palette.h"

#include <QFontMetrics>
#include <QLocale>

#include <algorithm>
#include <cmath>
#include <limits>
#include <numeric>
#include <utility>

namespace costlab {

namespace {
constexpr double kGiB = 1073741824.0; // 2^30: GPU memory is quoted in binary units
constexpr double kBarWidth = 0.6;
const std::array<QRgb, MemoryChart::ComponentCount> kColours{
    0xff4e79a7, 0xffa0cbe8, 0xfff28e2b, 0xff59a14f, 0xffb07aa1, 0xffedc948, 0xffbab0ac};
constexpr QRgb kHostColour = 0xff9c755f;
} // namespace

MemoryChart::MemoryChart(QWidget* parent) : ChartBase(parent), m_ticker(new QCPAxisTickerText)
{
    setExportBaseName(QStringLiteral("memory"));
    placeLegend(LegendPlace::Top);
    xAxis->setTicker(m_ticker);
    xAxis->grid()->setVisible(false);
    xAxis->setSubTicks(false);
    xAxis->setTickLength(0, 3);
    for (int c = 0; c < ComponentCount; ++c) {
        auto* bars = new QCPBars(xAxis, yAxis);
        bars->setBrush(QColor::fromRgba(kColours[static_cast<std::size_t>(c)]));
        bars->setPen(QPen(Qt::white, 0.8));
        bars->setWidth(kBarWidth);
        bars->setStackingGap(0);
        if (c > 0)
            bars->moveAbove(m_series[static_cast<std::size_t>(c - 1)]);
        m_series[static_cast<std::size_t>(c)] = bars;
    }
    m_usable = new QCPGraph(xAxis, yAxis);
    m_usable->setPen(QPen(QColor(0xd6, 0x27, 0x28), 2.2, Qt::DashLine));
    m_usable->setLayer(QStringLiteral("overlay"));

    // Label positions depend on the axis rect's height in pixels: settle them after layout.
    connect(this, &QCustomPlot::afterLayout, this, &MemoryChart::placeTotalLabels);

    setupHostPanel();
    m_message = addMessageItem();
    retranslate();
    updatePlot();
}

void MemoryChart::retranslate()
{
    setTitle(tr("Memory per GPU by role"));
    xAxis->setLabel(axisTitle());
    yAxis->setLabel(tr("Memory per GPU (GiB)"));
    for (int c = 0; c < ComponentCount; ++c)
        m_series[static_cast<std::size_t>(c)]->setName(componentName(c));
    m_usable->setName(tr("Usable HBM"));
    m_hostTotal->setName(tr("Host RAM per node"));
    m_hostRam->setName(tr("Node RAM"));
    m_hostRect->axis(QCPAxis::atLeft)->setLabel(tr("Host GiB per node"));
    // The panel numbers phases in plan order, as the GPU bars' short labels do (a bare
    // "Phase 1 2 3" under the panel was read as unexplained, issue 49).
    m_hostRect->axis(QCPAxis::atBottom)->setLabel(tr("Phase (plan order)"));
    m_message->setText(tr("No GPU memory estimate"));
}

QString MemoryChart::componentName(int c) const
{
    switch (c) {
    case Weights:
        return tr("Weights");
    case Gradients:
        return tr("Gradients");
    case Optimizer:
        return tr("Optimizer state");
    case Activations:
        return tr("Activations");
    case KvCache:
        return tr("KV cache");
    case Coresident:
        return tr("Other role, same GPUs");
    default:
        return tr("Overhead");
    }
}

void MemoryChart::setEstimate(const Scenario& scenario, const Estimate& estimate)
{
    setCurrency(scenario.currency == Currency::CNY ? QStringLiteral("CNY") : QStringLiteral("USD"));
    const QVector<Bar> before = std::exchange(m_bars, {});
    for (std::size_t i = 0; i < estimate.phases.size(); ++i) {
        const PhaseEstimate& pe = estimate.phases[i];
        QString phase =
            i < scenario.phases.size() ? displayText(scenario.phases[i].name) : QString();
        if (phase.isEmpty())
            phase = phaseKindDisplayName(pe.kind);
        for (int r = 0; r < kRoleCount; ++r) {
            const MemoryBreakdown& m = pe.memory[static_cast<std::size_t>(r)];
            if (!m.present)
                continue;
            QString role = gpuRoleDisplayName(static_cast<GpuRole>(r));
            // With a long-context stage the bar is the stage likelier to run out of memory:
            // say which context it is.
            if (r == int(GpuRole::Trainer) && pe.long_layout.stage_seq > 0)
                role = tr("%1 at %2 tokens of context")
                           .arg(role, QLocale().toString(pe.memory_seq, 'f', 0));
            const PipelineMemory& pm = pe.trainer_stages;
            if (r != int(GpuRole::Trainer) || pm.stages <= 1) {
                appendBar(int(i) + 1, phase, role, m);
                continue;
            }
            // Pipeline stages differ (embedding first, LM head and logits last, fewer
            // micro-batches in flight further down): all of them up to four, else the first
            // two, the worst and the last.
            for (int st : shownStages(pm))
                appendBar(int(i) + 1, phase,
                          st == pm.worst
                              ? tr("%1, stage %2/%3 (worst)").arg(role).arg(st + 1).arg(pm.stages)
                              : tr("%1, stage %2/%3").arg(role).arg(st + 1).arg(pm.stages),
                          pipelineStage(pm, st));
        }
    }
    const QVector<HostBar> hostBefore = std::exchange(m_hostBars, {});
    for (std::size_t i = 0; i < estimate.phases.size(); ++i) {
        const HostMemory& h = estimate.phases[i].host;
        if (!h.present)
            continue;
        HostBar hb;
        hb.phase = i < scenario.phases.size() ? displayText(scenario.phases[i].name) : QString();
        if (hb.phase.isEmpty())
            hb.phase = phaseKindDisplayName(estimate.phases[i].kind);
        hb.gib = {h.processes / kGiB, h.checkpoint / kGiB, h.offload / kGiB, h.object_store / kGiB,
                  h.training_state / kGiB};
        hb.total = h.total / kGiB;
        hb.ram = h.ram / kGiB;
        hb.oom = h.oom_probability;
        m_hostBars << hb;
    }
    if (m_hostBars != hostBefore)
        m_drawn = false;
    // Most inputs (tokens, environments, checkpoint interval, prices) leave memory as it
    // was: then there is nothing to redraw, which keeps a slider drag within a frame.
    if (m_bars == before && m_drawn)
        return;
    m_drawn = true;
    updatePlot();
}

void MemoryChart::setupHostPanel()
{
    // The GPU bars and the host panel share the last layout row: GiB per GPU and GiB per node
    // differ by two orders of magnitude, so each gets its own axis (4 : 1 in width).
    const int row = plotLayout()->rowCount() - 1;
    QCPAxisRect* gpuRect = axisRect();
    plotLayout()->take(gpuRect);
    plotLayout()->simplify();
    auto* grid = new QCPLayoutGrid;
    plotLayout()->addElement(row, 0, grid);
    grid->addElement(0, 0, gpuRect);
    m_hostRect = new QCPAxisRect(this);
    grid->addElement(0, 1, m_hostRect);
    grid->setColumnStretchFactors({4.0, 1.2});
    m_hostRect->setupFullAxesBox(false);
    for (QCPAxis* axis : m_hostRect->axes())
        styleAxis(axis);
    m_hostRect->axis(QCPAxis::atTop)->setVisible(false);
    m_hostRect->axis(QCPAxis::atRight)->setVisible(false);
    m_hostTicker.reset(new QCPAxisTickerText);
    QCPAxis* hx = m_hostRect->axis(QCPAxis::atBottom);
    QCPAxis* hy = m_hostRect->axis(QCPAxis::atLeft);
    hx->setTicker(m_hostTicker);
    hx->grid()->setVisible(false);
    hx->setSubTicks(false);
    hx->setTickLength(0, 3);
    m_hostTotal = new QCPBars(hx, hy);
    m_hostTotal->setBrush(QColor::fromRgba(kHostColour));
    m_hostTotal->setPen(QPen(Qt::white, 0.8));
    m_hostTotal->setWidth(kBarWidth);
    m_hostRam = new QCPGraph(hx, hy);
    m_hostRam->setPen(QPen(QColor(0x8c, 0x1b, 0x1b), 2.2, Qt::DotLine));
}

QString MemoryChart::hostComponentName(int c) const
{
    switch (c) {
    case HostProcesses:
        return tr("Framework processes, one per GPU");
    case HostCheckpoint:
        return tr("Asynchronous checkpoint staging");
    case HostOffload:
        return tr("Sleeping rollout engines' weights");
    case HostTrainingState:
        return tr("Training state offloaded to the CPU");
    default:
        return tr("Ray object store reservation");
    }
}

void MemoryChart::updateHostPlot()
{
    const int n = m_hostBars.size();
    QVector<double> keys(n), values(n);
    QStringList labels;
    for (int i = 0; i < n; ++i) {
        keys[i] = i + 1;
        labels << QLocale().toString(i + 1);
    }
    double maxY = 0;
    for (int i = 0; i < n; ++i)
        values[i] = m_hostBars[i].total;
    m_hostTotal->setData(keys, values, true);
    QVector<double> rx, ry;
    const double nan = std::numeric_limits<double>::quiet_NaN();
    for (int i = 0; i < n; ++i) {
        maxY = std::max({maxY, m_hostBars[i].total, m_hostBars[i].ram});
        if (m_hostBars[i].ram <= 0)
            continue;
        const double half = kBarWidth / 2 + 0.08;
        rx << i + 1 - half << i + 1 + half << i + 1 + half + 0.01;
        ry << m_hostBars[i].ram << m_hostBars[i].ram << nan;
    }
    m_hostRam->setData(rx, ry, true);
    m_hostTicker->setTicks(keys, labels);
    // The total above each bar, red when it does not fit the node; the parts are in the tooltip.
    while (m_hostLabels.size() < n) {
        auto* text = addText();
        text->setClipAxisRect(m_hostRect);
        text->position->setAxes(m_hostRect->axis(QCPAxis::atBottom),
                                m_hostRect->axis(QCPAxis::atLeft));
        text->setPositionAlignment(Qt::AlignHCenter | Qt::AlignBottom);
        text->setFont(baseFont());
        text->setPadding(QMargins(0, 0, 0, 3));
        m_hostLabels << text;
    }
    while (m_hostLabels.size() > n)
        removeItem(m_hostLabels.takeLast());
    for (int i = 0; i < n; ++i) {
        const HostBar& b = m_hostBars[i];
        m_hostLabels[i]->setText(hostTotalText(b));
        m_hostLabels[i]->setColor(b.ram > 0 && b.total > b.ram ? QColor(0xb0, 0x10, 0x10)
                                                               : QColor(0x22, 0x22, 0x22));
        m_hostLabels[i]->position->setCoords(i + 1, b.total);
    }
    m_hostRect->axis(QCPAxis::atBottom)->setRange(0.4, std::max(1, n) + 0.6);
    m_hostRect->axis(QCPAxis::atLeft)->setRange(0, maxY > 0 ? maxY * 1.15 : 1.0);
    m_hostRect->setVisible(n > 0);
}

double MemoryChart::hostComponentAt(int bar, HostComponent c) const
{
    if (bar < 0 || bar >= m_hostBars.size() || c < 0 || c >= HostCount)
        return 0;
    return m_hostBars[bar].gib[static_cast<std::size_t>(c)];
}

double MemoryChart::hostTotalAt(int bar) const
{
    return bar >= 0 && bar < m_hostBars.size() ? m_hostBars[bar].total : 0;
}

double MemoryChart::hostRamAt(int bar) const
{
    return bar >= 0 && bar < m_hostBars.size() ? m_hostBars[bar].ram : 0;
}

QString MemoryChart::hostToolTip(const QPointF& pos) const
{
    const double key = m_hostRect->axis(QCPAxis::atBottom)->pixelToCoord(pos.x());
    const int i = qRound(key) - 1;
    if (i < 0 || i >= m_hostBars.size() || std::abs(key - (i + 1)) > kBarWidth / 2 + 0.1)
        return QString();
    const HostBar& b = m_hostBars[i];
    const QLocale loc;
    auto gib = [&](double v) { return tr("%1 GiB").arg(loc.toString(v, 'f', 1)); };
    QString html = QStringLiteral("<b>%1 — %2</b><table>")
                       .arg(b.phase.toHtmlEscaped(), tr("host memory per node"));
    for (int c = HostCount - 1; c >= 0; --c) {
        const double v = b.gib[static_cast<std::size_t>(c)];
        if (v <= 0)
            continue;
        html += QStringLiteral("<tr><td>%1</td><td align=\"right\">&nbsp;%2</td></tr>")
                    .arg(hostComponentName(c), gib(v));
    }
    html += QStringLiteral("<tr><td><b>%1</b></td><td align=\"right\">&nbsp;<b>%2</b></td></tr>")
                .arg(tr("Estimated host peak"), gib(b.total));
    html += QStringLiteral("<tr><td>%1</td><td align=\"right\">&nbsp;%2</td></tr></table>")
                .arg(tr("Node RAM"), b.ram > 0 ? gib(b.ram) : tr("not in the catalog"));
    return html;
}

QVector<int> MemoryChart::shownStages(const PipelineMemory& pm)
{
    QVector<int> stages;
    const int p = pm.stages;
    for (int i = 0; i < p; ++i)
        if (p <= 4 || i <= 1 || i == pm.worst || i == p - 1)
            stages << i;
    return stages;
}

void MemoryChart::appendBar(int phaseNo, const QString& phase, const QString& role,
                            const MemoryBreakdown& m)
{
    Bar bar;
    bar.phaseNo = phaseNo;
    bar.phase = phase;
    bar.role = role;
    bar.gib = {m.weights / kGiB,  m.gradients / kGiB,  m.optimizer / kGiB, m.activations / kGiB,
               m.kv_cache / kGiB, m.coresident / kGiB, m.overhead / kGiB};
    bar.total = m.total / kGiB;
    bar.usable = m.usable / kGiB;
    bar.oom = m.oom_probability;
    m_bars << bar;
}

QStringList MemoryChart::barLabels() const
{
    QStringList labels;
    for (const Bar& b : m_bars)
        labels << tr("%1\n%2\nP(OOM) %3").arg(b.phase, b.role, formatPercent(b.oom));
    return labels;
}

QStringList MemoryChart::shortBarLabels() const
{
    QStringList labels;
    for (int i = 0; i < m_bars.size(); ++i) {
        const int no = m_bars[i].phaseNo;
        auto samePhase = [&](const Bar& b) { return b.phaseNo == no; };
        const auto count = std::count_if(m_bars.begin(), m_bars.end(), samePhase);
        const auto before = std::count_if(m_bars.begin(), m_bars.begin() + i, samePhase);
        QString id = QString::number(no);
        if (count > 1 && before < 26)
            id += QChar(char16_t(u'a' + before));
        labels << id;
    }
    return labels;
}

QString MemoryChart::totalText(const Bar& b) const
{
    return m_compactTotals ? QLocale().toString(b.total, 'f', 0)
                           : tr("%1 GiB").arg(QLocale().toString(b.total, 'f', 1));
}

QString MemoryChart::hostTotalText(const HostBar& b) const
{
    const QString value = QLocale().toString(b.total, 'f', 0);
    return m_hostCompact ? value : tr("%1 GiB").arg(value);
}

QString MemoryChart::axisTitle() const
{
    // Short labels number the phases; a letter tells one phase's roles or stages apart.
    return categoryLabelsShortened() ? tr("Phase and role (2a, 2b: roles or stages of 2)")
                                     : tr("Phase and GPU role");
}

void MemoryChart::categoryWidthChanged(int px)
{
    xAxis->setLabel(
        fitToWidth(axisTitle(), xAxis->labelFont(), std::max(1, axisRect()->width()), 3));
    // The host panel is narrower still: its title ran past the chart's edge ("Phase (plan
    // ord") at 1920×1080.
    QCPAxis* hostX = m_hostRect->axis(QCPAxis::atBottom);
    hostX->setLabel(fitToWidth(tr("Phase (plan order)"), hostX->labelFont(),
                               std::max(1, m_hostRect->width()), 3));
    const QFontMetrics fm(baseFont());
    bool compact = false;
    for (const Bar& b : m_bars)
        compact = compact || (px > 0 && fm.horizontalAdvance(tr("%1 GiB").arg(
                                            QLocale().toString(b.total, 'f', 1))) > px + 2);
    // The host panel's bars are as narrow: the same rule for its totals ("685 GiB" → "685").
    const int hostN = int(m_hostBars.size());
    const int hostPx = hostN > 0 ? m_hostRect->width() / hostN - 8 : 0;
    bool hostCompact = false;
    for (const HostBar& b : m_hostBars)
        hostCompact =
            hostCompact || (hostPx > 0 && fm.horizontalAdvance(tr("%1 GiB").arg(
                                              QLocale().toString(b.total, 'f', 0))) > hostPx + 2);
    m_hostCompact = hostCompact;
    for (int i = 0; i < hostN && i < m_hostLabels.size(); ++i)
        m_hostLabels[i]->setText(hostTotalText(m_hostBars[i]));
    if (compact == m_compactTotals)
        return;
    m_compactTotals = compact;
    for (int i = 0; i < m_bars.size() && i < m_totalLabels.size(); ++i)
        m_totalLabels[i]->setText(totalText(m_bars[i]));
}

void MemoryChart::updatePlot()
{
    const int n = m_bars.size();
    QVector<double> keys(n), values(n);
    for (int i = 0; i < n; ++i)
        keys[i] = i + 1;
    for (int c = 0; c < ComponentCount; ++c) {
        for (int i = 0; i < n; ++i)
            values[i] = m_bars[i].gib[static_cast<std::size_t>(c)];
        m_series[static_cast<std::size_t>(c)]->setData(keys, values, true);
    }
    setCategoryLabels(m_ticker, barLabels(), 2, shortBarLabels());

    // Usable HBM: one line over each bar, NaN between them (QCPGraph draws gaps).
    double maxY = 0;
    for (const Bar& b : m_bars)
        maxY =
            std::max({maxY, b.total, b.usable, std::accumulate(b.gib.begin(), b.gib.end(), 0.0)});
    m_singleLine =
        n > 0 && std::all_of(m_bars.begin(), m_bars.end(), [&](const Bar& b) {
            return std::abs(b.usable - m_bars.front().usable) <= 1e-9 * std::max(1.0, b.usable);
        });
    const double lo = 0.4, hi = std::max(1, n) + 0.6;
    QVector<double> ux, uy;
    if (m_singleLine) {
        ux = {lo, hi};
        uy = {m_bars.front().usable, m_bars.front().usable};
    } else {
        const double nan = std::numeric_limits<double>::quiet_NaN();
        for (int i = 0; i < n; ++i) {
            const double half = kBarWidth / 2 + 0.08;
            ux << i + 1 - half << i + 1 + half << i + 1 + half + 0.01;
            uy << m_bars[i].usable << m_bars[i].usable << nan;
        }
    }
    m_usable->setData(ux, uy, true);
    m_usable->setVisible(n > 0);

    // Totals above the bars, red when the estimate does not fit.
    while (m_totalLabels.size() < n) {
        auto* text = addText();
        text->setPositionAlignment(Qt::AlignHCenter | Qt::AlignBottom);
        text->setFont(baseFont());
        text->setPadding(QMargins(0, 0, 0, 3));
        m_totalLabels << text;
    }
    while (m_totalLabels.size() > n)
        removeItem(m_totalLabels.takeLast());
    for (int i = 0; i < n; ++i) {
        const Bar& b = m_bars[i];
        m_totalLabels[i]->setText(totalText(b));
        m_totalLabels[i]->setColor(b.total > b.usable ? QColor(0xb0, 0x10, 0x10)
                                                      : QColor(0x22, 0x22, 0x22));
    }

    // Legend: components that are non-zero somewhere, then the HBM line.
    legend->clearItems();
    for (int c = 0; c < ComponentCount; ++c) {
        const bool any = std::any_of(m_bars.begin(), m_bars.end(), [c](const Bar& b) {
            return b.gib[static_cast<std::size_t>(c)] > 0;
        });
        if (any)
            m_series[static_cast<std::size_t>(c)]->addToLegend();
    }
    if (n > 0)
        m_usable->addToLegend();

    // One legend entry for the host panel (its parts are in the tooltip): the GPU legend
    // already fills two rows on a 1280×720 projector.
    if (!m_hostBars.isEmpty())
        m_hostTotal->addToLegend();
    if (std::any_of(m_hostBars.begin(), m_hostBars.end(),
                    [](const HostBar& b) { return b.ram > 0; }))
        m_hostRam->addToLegend();
    updateHostPlot();

    m_message->setVisible(n == 0);
    xAxis->setRange(lo, hi);
    yAxis->setRange(0, maxY > 0 ? maxY * 1.15 : 1.0);
    placeTotalLabels();
    requestReplot();
}

void MemoryChart::placeTotalLabels()
{
    // In a short chart (1280×720) the full axis title was cut at both ends ("emory per GPU
    // (GiB"): use the short one when the long one is taller than the axis.
    const QString full = tr("Memory per GPU (GiB)");
    const QString shown =
        QFontMetrics(yAxis->labelFont()).horizontalAdvance(full) > axisRect()->height()
            ? tr("GiB per GPU")
            : full;
    if (yAxis->label() != shown) {
        yAxis->setLabel(shown);
        requestReplot();
    }
    const double lineHeight = QFontMetrics(baseFont()).height() + 4;
    for (int i = 0; i < m_bars.size() && i < m_totalLabels.size(); ++i) {
        const Bar& b = m_bars[i];
        const double stacked = std::accumulate(b.gib.begin(), b.gib.end(), 0.0);
        // Lift the label over the HBM line when the line would run through it, judged in
        // pixels (a 10 GiB gap is plenty on a tall chart and too little on a short one).
        const double gapPx = yAxis->coordToPixel(stacked) - yAxis->coordToPixel(b.usable);
        const bool nearLine = b.usable >= stacked && gapPx < lineHeight;
        m_totalLabels[i]->position->setCoords(i + 1, nearLine ? b.usable : stacked);
    }
}

double MemoryChart::componentAt(int bar, Component c) const
{
    if (bar < 0 || bar >= m_bars.size() || c < 0 || c >= ComponentCount)
        return 0;
    return m_bars[bar].gib[static_cast<std::size_t>(c)];
}

double MemoryChart::totalAt(int bar) const
{
    return bar >= 0 && bar < m_bars.size() ? m_bars[bar].total : 0;
}

double MemoryChart::usableAt(int bar) const
{
    return bar >= 0 && bar < m_bars.size() ? m_bars[bar].usable : 0;
}

double MemoryChart::oomProbabilityAt(int bar) const
{
    return bar >= 0 && bar < m_bars.size() ? m_bars[bar].oom : 0;
}

QString MemoryChart::toolTipAt(const QPointF& pos) const
{
    if (m_hostRect && m_hostRect->visible() && m_hostRect->rect().contains(pos.toPoint()))
        return hostToolTip(pos);
    if (!axisRect()->rect().contains(pos.toPoint()))
        return QString();
    const double key = xAxis->pixelToCoord(pos.x());
    const int i = qRound(key) - 1;
    if (i < 0 || i >= m_bars.size() || std::abs(key - (i + 1)) > kBarWidth / 2 + 0.1)
        return QString();
    const Bar& b = m_bars[i];
    const QLocale loc;
    auto gib = [&](double v) { return tr("%1 GiB").arg(loc.toString(v, 'f', 2)); };
    QString html = QStringLiteral("<b>%1 — %2</b><table>")
                       .arg(b.phase.toHtmlEscaped(), b.role.toHtmlEscaped());
    for (int c = ComponentCount - 1; c >= 0; --c) {
        const double v = b.gib[static_cast<std::size_t>(c)];
        if (v <= 0)
            continue;
        html += QStringLiteral("<tr><td><span style=\"color:%1\">&#9632;</span> %2</td>"
                               "<td align=\"right\">&nbsp;%3</td></tr>")
                    .arg(QColor::fromRgba(kColours[static_cast<std::size_t>(c)]).name(),
                         componentName(c), gib(v));
    }
    html += QStringLiteral("<tr><td><b>%1</b></td><td align=\"right\">&nbsp;<b>%2</b></td></tr>")
                .arg(tr("Estimated peak"), gib(b.total));
    html += QStringLiteral("<tr><td>%1</td><td align=\"right\">&nbsp;%2</td></tr>")
                .arg(tr("Usable HBM"), gib(b.usable));
    html += QStringLiteral("<tr><td>%1</td><td align=\"right\">&nbsp;%2</td></tr></table>")
                .arg(tr("P(OOM)"), formatPercent(b.oom));
    return html;
}

} // namespace costlab
