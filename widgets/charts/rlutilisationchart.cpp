#include "rlutilisationchart.h"
#include "plaintext.h"

#include "labels.h"
#include "palette.h"

#include <QLocale>

#include <algorithm>
#include <cmath>
#include <utility>

namespace costlab {

namespace {
constexpr double kBarWidth = 0.7;
// Rows of one phase occupy keys base+1 … base+3; the phase header sits above them, its
// bottom at base+0.58 (just over the first bar), growing upwards when it wraps.
constexpr double kGroupStride = 4.2;
} // namespace

RlUtilisationChart::RlUtilisationChart(QWidget* parent)
    : ChartBase(parent), m_ticker(new QCPAxisTickerText)
{
    setExportBaseName(QStringLiteral("rl-utilisation"));
    placeLegend(LegendPlace::Top);
    // Horizontal bars: the key axis is the left axis, first phase at the top.
    yAxis->setTicker(m_ticker);
    yAxis->setRangeReversed(true);
    yAxis->grid()->setVisible(false);
    yAxis->setSubTicks(false);
    yAxis->setTickLength(0, 3);

    m_busy = new QCPBars(yAxis, xAxis);
    m_busy->setBrush(categoryColor(Category::ComputeRollout));
    m_busy->setPen(QPen(Qt::white, 0.8));
    m_busy->setWidth(kBarWidth);
    m_busy->setStackingGap(0);
    m_idle = new QCPBars(yAxis, xAxis);
    m_idle->setBrush(categoryColor(Category::HiddenIdle).lighter(125));
    m_idle->setPen(QPen(Qt::white, 0.8));
    m_idle->setWidth(kBarWidth);
    m_idle->setStackingGap(0);
    m_idle->moveAbove(m_busy);

    // Phase headers are drawn inside the plot: fit them once the axis rect's width is known.
    connect(this, &QCustomPlot::afterLayout, this, &RlUtilisationChart::fitHeaders);

    m_message = addMessageItem();
    retranslate();
    updatePlot();
}

void RlUtilisationChart::retranslate()
{
    setTitle(tr("RL pipeline: busy and idle time per iteration"));
    xAxis->setLabel(tr("Time per iteration (s)"));
    m_busy->setName(tr("Busy"));
    m_idle->setName(tr("Idle (waiting)"));
    m_message->setText(
        tr("No RL phase in this plan.\nAdd an RL post-training phase to see how "
           "long rollout GPUs, trainers\nand environment workers are busy or idle."));
}

QString RlUtilisationChart::poolName(Pool p) const
{
    switch (p) {
    case RolloutGpus:
        return tr("Rollout GPUs");
    case TrainerGpus:
        return tr("Trainer GPUs");
    default:
        return categoryDisplayName(Category::ComputeEnvironment); // the same pool
    }
}

void RlUtilisationChart::setEstimate(const Scenario& scenario, const Estimate& estimate)
{
    setCurrency(scenario.currency == Currency::CNY ? QStringLiteral("CNY") : QStringLiteral("USD"));
    const QVector<Row> rowsBefore = std::exchange(m_rows, {});
    const QVector<Group> groupsBefore = std::exchange(m_groups, {});
    const QLocale loc;
    for (std::size_t i = 0; i < estimate.phases.size(); ++i) {
        const PhaseEstimate& pe = estimate.phases[i];
        if (pe.kind != PhaseKind::RlPosttrain)
            continue;
        const Phase* phase = i < scenario.phases.size() ? &scenario.phases[i] : nullptr;
        QString name = phase ? displayText(phase->name) : QString();
        if (name.isEmpty())
            name = phaseKindDisplayName(pe.kind);
        QString mode;
        if (phase) {
            mode = phase->rl.pipeline == Pipeline::Synchronous ? tr("synchronous")
                                                               : tr("asynchronous");
            mode = tr("%1, %2").arg(mode, phase->rl.placement == Placement::Colocated
                                              ? tr("colocated")
                                              : tr("disaggregated"));
        }
        const int g = m_groups.size();
        Group group;
        group.rl = pe.rl;
        group.key = g * kGroupStride + 0.58;
        const QString seconds =
            loc.toString(pe.rl.iteration_s, 'f', pe.rl.iteration_s < 100 ? 1 : 0);
        group.header = mode.isEmpty() ? tr("%1 · %2 s per iteration").arg(name, seconds)
                                      : tr("%1 — %2 · %3 s per iteration").arg(name, mode, seconds);
        m_groups << group;
        const std::array<double, PoolCount> utils{pe.rl.rollout_util, pe.rl.trainer_util,
                                                  pe.rl.env_util};
        for (int p = 0; p < PoolCount; ++p) {
            // No environment workers to show when episodes meet no environment.
            if (static_cast<Pool>(p) == EnvironmentWorkers && !pe.rl.environments)
                continue;
            Row row;
            row.group = g;
            row.pool = static_cast<Pool>(p);
            row.util = std::clamp(utils[static_cast<std::size_t>(p)], 0.0, 1.0);
            row.busy = row.util * pe.rl.iteration_s;
            row.idle = pe.rl.iteration_s - row.busy;
            row.key = g * kGroupStride + 1 + p;
            m_rows << row;
        }
    }
    // Unchanged pipeline (checkpoint interval, prices, pre-training inputs): no redraw.
    if (m_drawn && m_rows == rowsBefore && m_groups == groupsBefore)
        return;
    m_drawn = true;
    updatePlot();
}

QStringList RlUtilisationChart::rowLabels() const
{
    QStringList labels;
    for (const Row& r : m_rows)
        labels << tr("%1 (%2 busy)").arg(poolName(r.pool), formatPercent(r.util));
    return labels;
}

QStringList RlUtilisationChart::phaseHeaders() const
{
    QStringList headers;
    for (const Group& g : m_groups)
        headers << g.header;
    return headers;
}

void RlUtilisationChart::updatePlot()
{
    const int n = m_rows.size();
    QVector<double> keys(n), busy(n), idle(n);
    double maxT = 0;
    for (int i = 0; i < n; ++i) {
        keys[i] = m_rows[i].key;
        busy[i] = m_rows[i].busy;
        idle[i] = m_rows[i].idle;
        maxT = std::max(maxT, m_rows[i].busy + m_rows[i].idle);
    }
    m_busy->setData(keys, busy, true);
    m_idle->setData(keys, idle, true);
    const QStringList labels = rowLabels();
    m_ticker->clear();
    for (int i = 0; i < n; ++i)
        m_ticker->addTick(keys[i], labels[i]);

    while (m_headers.size() < m_groups.size()) {
        auto* text = addText();
        text->position->setTypeX(QCPItemPosition::ptAxisRectRatio);
        text->position->setTypeY(QCPItemPosition::ptPlotCoords);
        text->setPositionAlignment(Qt::AlignLeft | Qt::AlignBottom);
        text->setTextAlignment(Qt::AlignLeft);
        QFont f = baseFont();
        f.setBold(true);
        text->setFont(f);
        text->setColor(QColor(0x22, 0x22, 0x22));
        m_headers << text;
    }
    while (m_headers.size() > m_groups.size())
        removeItem(m_headers.takeLast());
    for (int g = 0; g < m_groups.size(); ++g) {
        m_headers[g]->position->setCoords(0.01, m_groups[g].key);
        m_headers[g]->setText(m_groups[g].header);
    }

    const bool none = n == 0;
    m_message->setVisible(none);
    m_busy->setVisible(!none);
    m_idle->setVisible(!none);
    legend->setVisible(!none);
    xAxis->setTicks(!none);
    xAxis->grid()->setVisible(!none);
    xAxis->setRange(0, maxT > 0 ? maxT * 1.05 : 1.0);
    fitTickCount(xAxis, QLocale().toString(xAxis->range().upper, 'f', 0));
    yAxis->setRange(none ? 0 : -0.4, none ? 1 : m_groups.size() * kGroupStride - 0.4);
    fitHeaders();
    requestReplot();
}

void RlUtilisationChart::fitHeaders()
{
    const int room = int(axisRect()->width() * 0.97);
    if (room <= 0)
        return;
    int firstLines = 1;
    for (int g = 0; g < m_headers.size() && g < m_groups.size(); ++g) {
        const QFontMetrics fm(m_headers[g]->font());
        const QString& full = m_groups[g].header;
        QString text = full;
        if (fm.horizontalAdvance(full) > room) {
            // Break at " — " (name | pipeline · time), then at " · " if still too wide;
            // elide only what does not fit even then (the full text is in the tooltip).
            QStringList lines = full.split(QStringLiteral(" — "));
            QStringList broken;
            for (const QString& line : lines) {
                if (fm.horizontalAdvance(line) > room)
                    broken << line.split(QStringLiteral(" · "));
                else
                    broken << line;
            }
            for (QString& line : broken)
                line = fm.elidedText(line, Qt::ElideRight, room);
            text = broken.join(QLatin1Char('\n'));
        }
        if (m_headers[g]->text() != text)
            m_headers[g]->setText(text);
        if (g == 0)
            firstLines = int(text.count(QLatin1Char('\n'))) + 1;
    }
    // Room above the first phase for its header: a key unit is about three text lines'
    // height on a typical chart, so each extra line needs about a third more.
    if (!m_groups.isEmpty()) {
        const double top = -0.4 - 0.33 * (firstLines - 1);
        if (!qFuzzyCompare(yAxis->range().lower, top))
            yAxis->setRangeLower(top);
    }
}

double RlUtilisationChart::busySeconds(int row) const
{
    return row >= 0 && row < m_rows.size() ? m_rows[row].busy : 0;
}

double RlUtilisationChart::idleSeconds(int row) const
{
    return row >= 0 && row < m_rows.size() ? m_rows[row].idle : 0;
}

bool RlUtilisationChart::showsNoRlMessage() const
{
    return m_message->visible();
}

QString RlUtilisationChart::toolTipAt(const QPointF& pos) const
{
    if (m_rows.isEmpty() || !axisRect()->rect().contains(pos.toPoint()))
        return QString();
    const double key = yAxis->pixelToCoord(pos.y());
    for (const Row& r : m_rows) {
        if (std::abs(key - r.key) > kBarWidth / 2)
            continue;
        const Group& g = m_groups[r.group];
        const QLocale loc;
        auto sec = [&](double s) { return tr("%1 s").arg(loc.toString(s, 'f', 1)); };
        QString html = QStringLiteral("<b>%1</b><br>%2<table>")
                           .arg(poolName(r.pool).toHtmlEscaped(), g.header.toHtmlEscaped());
        auto row = [&](const QString& a, const QString& b) {
            html +=
                QStringLiteral("<tr><td>%1</td><td align=\"right\">&nbsp;%2</td></tr>").arg(a, b);
        };
        row(tr("Busy"), tr("%1 (%2)").arg(sec(r.busy), formatPercent(r.util)));
        row(tr("Idle"), sec(r.idle));
        row(tr("Iteration"), sec(g.rl.iteration_s));
        row(tr("Generation"), sec(g.rl.generation_s));
        row(tr("Environment wait"), sec(g.rl.environment_s));
        row(tr("Training"), sec(g.rl.training_s));
        row(tr("Weight sync"), sec(g.rl.sync_s));
        html += QStringLiteral("</table>");
        return html;
    }
    return QString();
}

} // namespace costlab
