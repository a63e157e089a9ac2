#include "targetchart.h"

#include "engine.h"
#include "palette.h"
#include "paramtext.h"
#include "plaintext.h"
#include "scaling.h"

#include <algorithm>
#include <cmath>
#include <functional>

namespace costlab {

namespace {

const QColor kLimitColour(0x7f, 0x7f, 0x7f);
const QColor kTargetColour(0xd6, 0x27, 0x28);
const QColor kRunsColour(0x2c, 0xa0, 0x2c);
constexpr int kCurveSamples = 120;

/// Log axis labels in the UI's one count format (1-2-5 per decade: "100 B", "1 T"; 万/亿).
class CountLogTicker : public QCPAxisTickerLog {
protected:
    QString getTickLabel(double tick, const QLocale&, QChar, int) override
    {
        return formatCount(tick);
    }
};

/// The phase the chart explains: `wanted` when it is a training phase, else the first sized by
/// a target, else the first pre-training phase (its tokens read on its law), else the first RL
/// phase (its curve). -1 when the plan has no training phase.
int chosenPhase(const Scenario& s, const Estimate& e, int wanted)
{
    if (wanted >= 0 && std::size_t(wanted) < s.phases.size() &&
        std::size_t(wanted) < e.phases.size() &&
        s.phases[std::size_t(wanted)].kind != PhaseKind::Evaluation)
        return wanted;
    for (std::size_t i = 0; i < s.phases.size() && i < e.phases.size(); ++i)
        if (e.phases[i].target.kind != TargetFigures::Kind::None)
            return int(i);
    for (PhaseKind k : {PhaseKind::Pretrain, PhaseKind::RlPosttrain})
        for (std::size_t i = 0; i < s.phases.size() && i < e.phases.size(); ++i)
            if (s.phases[i].kind == k)
                return int(i);
    return -1;
}

} // namespace

TargetChart::TargetChart(QWidget* parent) : ChartBase(parent), m_logTicker(new CountLogTicker)
{
    setExportBaseName(QStringLiteral("target"));
    placeLegend(LegendPlace::Top);
    m_logTicker->setLogBase(10);
    m_logTicker->setSubTickCount(8);
    xAxis->setScaleType(QCPAxis::stLogarithmic);
    xAxis->setTicker(m_logTicker);
    m_band = new QCPItemRect(this);
    m_band->setPen(Qt::NoPen);
    m_band->setBrush(QColor(0x1f, 0x77, 0xb4, 40));
    m_band->topLeft->setTypeY(QCPItemPosition::ptAxisRectRatio);
    m_band->bottomRight->setTypeY(QCPItemPosition::ptAxisRectRatio);
    m_curve = addGraph();
    m_curve->setPen(QPen(costColor(), 2.2));
    m_runs = addGraph();
    m_runs->setLineStyle(QCPGraph::lsNone);
    m_runs->setScatterStyle(QCPScatterStyle(QCPScatterStyle::ssCircle, kRunsColour, Qt::white, 6));
    m_marker = addGraph();
    m_marker->setLineStyle(QCPGraph::lsNone);
    m_marker->setScatterStyle(
        QCPScatterStyle(QCPScatterStyle::ssDiamond, kTargetColour, kTargetColour, 10));
    auto makeLine = [this](const QColor& c, Qt::PenStyle style) {
        auto* line = new QCPItemStraightLine(this);
        line->setPen(QPen(c, 1.5, style));
        line->setLayer(QStringLiteral("overlay"));
        return line;
    };
    auto makeText = [this](const QColor& c) {
        auto* t = addText();
        t->position->setTypeX(QCPItemPosition::ptAxisRectRatio);
        t->setPositionAlignment(Qt::AlignRight | Qt::AlignBottom);
        t->setFont(baseFont());
        t->setColor(c);
        t->setBrush(QColor(255, 255, 255, 220));
        t->setPadding(QMargins(3, 1, 3, 1));
        t->setLayer(QStringLiteral("overlay"));
        return t;
    };
    m_limitLine = makeLine(kLimitColour, Qt::DashLine);
    m_targetLine = makeLine(kTargetColour, Qt::DotLine);
    m_limitText = makeText(kLimitColour.darker(140));
    m_targetText = makeText(kTargetColour);
    m_markerText = makeText(kTargetColour);
    m_message = addMessageItem();
    retranslate();
}

void TargetChart::retranslate()
{
    updatePlot();
}

void TargetChart::setEstimate(const Scenario& scenario, const Estimate& estimate)
{
    m_scenario = scenario;
    m_estimate = estimate;
    updatePlot();
}

void TargetChart::setRuns(int phase, const QVector<double>& x, const QVector<double>& y,
                          const QString& name)
{
    m_runsPhase = x.isEmpty() ? -1 : phase;
    m_runX = x;
    m_runY = y;
    m_runName = name;
    updatePlot();
}

void TargetChart::showPhase(int phase)
{
    if (phase == m_wantedPhase)
        return;
    m_wantedPhase = phase;
    updatePlot();
}

bool TargetChart::showsMessage() const
{
    return m_message->visible();
}

int TargetChart::runPointCount() const
{
    return m_runs->dataCount();
}

int TargetChart::curvePointCount() const
{
    return m_curve->dataCount();
}

void TargetChart::placeLine(QCPItemStraightLine* line, QCPItemText* text, double y,
                            const QString& label, bool show)
{
    line->setVisible(show);
    text->setVisible(show);
    if (!show)
        return;
    line->point1->setCoords(1, y);
    line->point2->setCoords(2, y);
    // The target's label at the left edge, the floor's or asymptote's at the right: the
    // marker's label sits near the curve between them.
    const bool left = text == m_targetText;
    text->setPositionAlignment((left ? Qt::AlignLeft : Qt::AlignRight) | Qt::AlignBottom);
    text->position->setTypeY(QCPItemPosition::ptPlotCoords);
    text->position->setCoords(left ? 0.02 : 0.98, y);
    text->setText(label);
}

void TargetChart::placeMarkerText()
{
    // In the corner the curve leaves empty, not beside the marker (a long "P10 – P90" label
    // ran off the plot there): top right under a falling loss curve, bottom right under a
    // rising score curve.
    m_markerText->position->setType(QCPItemPosition::ptAxisRectRatio);
    m_markerText->setPositionAlignment(Qt::AlignRight | (m_loss ? Qt::AlignTop : Qt::AlignBottom));
    m_markerText->position->setCoords(0.98, m_loss ? 0.03 : 0.97);
}

void TargetChart::updatePlot()
{
    m_phase = chosenPhase(m_scenario, m_estimate, m_wantedPhase);
    m_markerX = m_markerY = m_bandLo = m_bandHi = 0;
    bool ok = false;
    if (m_phase >= 0) {
        const Phase& p = m_scenario.phases[std::size_t(m_phase)];
        const PhaseEstimate& pe = m_estimate.phases[std::size_t(m_phase)];
        m_loss = p.kind == PhaseKind::Pretrain;
        ok = m_loss ? plotLoss(p, pe) : plotScore(p, pe);
    }
    if (!ok) {
        m_curve->data()->clear();
        m_runs->data()->clear();
        m_marker->data()->clear();
        for (QCPAbstractItem* i : std::initializer_list<QCPAbstractItem*>{
                 m_band, m_limitLine, m_targetLine, m_limitText, m_targetText, m_markerText})
            i->setVisible(false);
        setTitle(tr("Target"));
        xAxis->setLabel(QString());
        yAxis->setLabel(QString());
        xAxis->setRange(1, 10);
        yAxis->setRange(0, 1);
        m_message->setText(
            m_phase < 0 ? tr("No training phase: the loss law and the RL curve size pre-training "
                             "and RL phases.")
                        : tr("The law cannot be drawn for this phase (the plan is refused or "
                             "the target is out of reach: see the problems line)."));
    }
    m_message->setVisible(!ok);
    m_curve->setVisible(ok);
    m_runs->setVisible(ok && runPointCount() > 0);
    m_marker->setVisible(ok && m_markerX > 0);
    for (QCPGraph* g : {m_curve, m_runs, m_marker}) {
        if (g->visible())
            g->addToLegend();
        else
            g->removeFromLegend();
    }
    legend->setVisible(ok);
    requestReplot();
}

bool TargetChart::runsShown() const
{
    return m_runsPhase == m_phase && !m_runX.isEmpty();
}

void TargetChart::spanRuns(double& lo, double& hi) const
{
    if (!runsShown())
        return;
    for (double x : m_runX)
        if (x > 0) {
            lo = std::min(lo, x / 1.5);
            hi = std::max(hi, x * 1.5);
        }
}

double TargetChart::drawCurve(double lo, double hi, const std::function<double(double)>& f)
{
    // Evenly spaced on the log axis, so the curve is as smooth at 10^8 tokens as at 10^12.
    QVector<double> xs(kCurveSamples), ys(kCurveSamples);
    double top = 0;
    for (int i = 0; i < kCurveSamples; ++i) {
        xs[i] = lo * std::pow(hi / lo, double(i) / (kCurveSamples - 1));
        ys[i] = f(xs[i]);
        top = std::max(top, ys[i]);
    }
    m_curve->setData(xs, ys, true);
    return top;
}

void TargetChart::drawRuns(double& yLo, double& yHi)
{
    if (!runsShown()) {
        m_runs->data()->clear();
        return;
    }
    m_runs->setData(m_runX, m_runY);
    for (double y : m_runY) {
        yLo = std::min(yLo, y);
        yHi = std::max(yHi, y);
    }
    m_runs->setName(tr("Your runs: %1").arg(m_runName));
}

bool TargetChart::plotLoss(const Phase& p, const PhaseEstimate& pe)
{
    const PretrainInputs& in = p.pretrain;
    const LossLaw law = chosenLossLaw(in.loss_law, in.law);
    const double n = lossLawParams(p.model);
    const double floor = lossFloor(law, n);
    const TargetFigures& t = pe.target;
    const bool sized = t.kind == TargetFigures::Kind::Loss;
    const double tokens = sized ? t.amount : pe.tokens;
    if (!(n > 0) || !(tokens > 0) || !std::isfinite(floor) || law.beta <= 0)
        return false;
    m_markerX = tokens;
    m_markerY = lossAt(law, n, tokens);
    if (sized && t.sigma > 0 && std::isfinite(t.sigma)) {
        const AmountBand b = targetBand(t);
        m_bandLo = b.p10;
        m_bandHi = b.p90;
    }
    double lo = tokens / 30, hi = tokens * 10;
    spanRuns(lo, hi);
    if (m_bandHi > 0)
        hi = std::max(hi, std::min(m_bandHi * 1.5, tokens * 1e3));
    const double yHi = drawCurve(lo, hi, [&](double d) { return lossAt(law, n, d); });
    m_curve->setName(tr("Loss law at %1 parameters").arg(formatCount(n)));
    m_marker->setData({tokens}, {m_markerY});
    m_marker->setName(sized ? tr("Tokens the target needs") : tr("This phase's tokens"));
    double yLo = floor, runsHi = 0;
    drawRuns(yLo, runsHi);
    setTitle(sized ? tr("%1: tokens for a loss of %2 nats/token")
                         .arg(p.name.empty() ? tr("Pre-training") : displayText(p.name),
                              QLocale().toString(t.target, 'f', 3))
                   : tr("%1: the loss its tokens reach")
                         .arg(p.name.empty() ? tr("Pre-training") : displayText(p.name)));
    xAxis->setLabel(tr("Training tokens D (log scale)"));
    yAxis->setLabel(tr("Loss (nats/token)"));
    xAxis->setRange(lo, hi);
    // The curve's steep start would squash the part that matters; the runs always show.
    const double top = std::max(std::min(yHi, floor + 4 * (m_markerY - floor) + 0.2), runsHi);
    const double pad = (top - yLo) * 0.08 + 1e-3;
    yAxis->setRange(yLo - pad, top + pad);
    placeLine(m_limitLine, m_limitText, floor,
              tr("Floor E + A/N^α: %1").arg(QLocale().toString(floor, 'f', 3)), true);
    placeLine(m_targetLine, m_targetText, sized ? t.target : 0,
              tr("Target: %1").arg(QLocale().toString(t.target, 'f', 3)), sized);
    m_band->setVisible(m_bandHi > m_bandLo);
    m_band->topLeft->setCoords(m_bandLo, 0);
    m_band->bottomRight->setCoords(m_bandHi, 1);
    m_markerText->setVisible(true);
    placeMarkerText();
    m_markerText->setText(m_bandHi > m_bandLo ? tr("%1 tokens (P10 %2 – P90 %3)")
                                                    .arg(formatCount(tokens), formatCount(m_bandLo),
                                                         formatCount(m_bandHi))
                                              : tr("%1 tokens").arg(formatCount(tokens)));
    return true;
}

bool TargetChart::plotScore(const Phase& p, const PhaseEstimate& pe)
{
    const TargetFigures& t = pe.target;
    const bool sized = t.kind == TargetFigures::Kind::Score && t.needed > 0 &&
                       std::isfinite(t.needed) && t.amount > 0;
    // R0 as the engine sized it: the base's score where the plan reads its loss as one.
    const RlCurve curve = phaseRlCurve(m_scenario, std::size_t(m_phase), &m_estimate);
    if (!(curve.C_mid > 0) || !(curve.A > curve.R0))
        return false;
    const bool gpuHours =
        chosenRlCurve(p.rl.rl_curve) || p.rl.curve_unit == RlComputeUnit::GpuHours;
    if (sized) {
        m_markerX = t.needed;
        m_markerY = rlScoreAt(curve, t.needed);
        if (t.sigma > 0 && std::isfinite(t.sigma)) {
            const AmountBand b = targetBand(t);
            const double perIteration = t.needed / t.amount; // curve units per iteration
            m_bandLo = b.p10 * perIteration;
            m_bandHi = b.p90 * perIteration;
        }
    }
    const double centre = sized ? t.needed : curve.C_mid;
    double lo = std::min(centre, curve.C_mid) / 30, hi = std::max(centre, curve.C_mid) * 10;
    spanRuns(lo, hi);
    drawCurve(lo, hi, [&](double c) { return rlScoreAt(curve, c); });
    m_curve->setName(tr("Compute–performance curve"));
    if (sized)
        m_marker->setData({t.needed}, {m_markerY});
    else
        m_marker->data()->clear();
    m_marker->setName(tr("Compute the target needs"));
    double yLo = curve.R0, yHi = curve.A;
    drawRuns(yLo, yHi);
    const QString name = p.name.empty() ? tr("RL") : displayText(p.name);
    setTitle(
        sized ? tr("%1: compute for a score of %2").arg(name, QLocale().toString(t.target, 'f', 3))
              : tr("%1: compute–performance curve").arg(name));
    xAxis->setLabel(gpuHours ? tr("GPU-hours of the curve's runs (log scale)")
                             : tr("RL iterations (log scale)"));
    yAxis->setLabel(tr("Score (pass rate)"));
    xAxis->setRange(lo, hi);
    yAxis->setRange(std::max(0.0, yLo - 0.05), std::min(1.0, yHi + 0.08));
    placeLine(m_limitLine, m_limitText, curve.A,
              tr("Asymptote A: %1").arg(QLocale().toString(curve.A, 'f', 3)), true);
    placeLine(m_targetLine, m_targetText, sized ? t.target : 0,
              tr("Target: %1").arg(QLocale().toString(t.target, 'f', 3)), sized);
    m_band->setVisible(m_bandHi > m_bandLo);
    m_band->topLeft->setCoords(m_bandLo, 0);
    m_band->bottomRight->setCoords(m_bandHi, 1);
    m_markerText->setVisible(sized);
    placeMarkerText();
    m_markerText->setText(gpuHours ? tr("%1 GPU-hours = %2 iterations")
                                         .arg(formatCount(t.needed), formatNumber(t.amount, 4))
                                   : tr("%1 iterations").arg(formatNumber(t.amount, 4)));
    return true;
}

QString TargetChart::toolTipAt(const QPointF& pos) const
{
    if (m_phase < 0 || showsMessage() || !axisRect()->rect().contains(pos.toPoint()))
        return QString();
    const Phase& p = m_scenario.phases[std::size_t(m_phase)];
    const double x = xAxis->pixelToCoord(pos.x());
    if (!(x > 0))
        return QString();
    if (m_loss) {
        const LossLaw law = chosenLossLaw(p.pretrain.loss_law, p.pretrain.law);
        const double n = lossLawParams(p.model);
        return tr("<b>%1 tokens</b><br>loss %2 nats/token at %3 parameters<br>L(N, D) = E + "
                  "A/N^α + B/D^β (Hoffmann et al. 2022; the law chosen in the Target group)")
            .arg(formatCount(x), QLocale().toString(lossAt(law, n, x), 'f', 3), formatCount(n));
    }
    const RlCurve curve = phaseRlCurve(m_scenario, std::size_t(m_phase), &m_estimate);
    const bool gpuHours =
        chosenRlCurve(p.rl.rl_curve) || p.rl.curve_unit == RlComputeUnit::GpuHours;
    return tr("<b>%1 %2</b><br>score %3<br>R(C) = R0 + (A − R0)/(1 + (C_mid/C)^B) (Khatri et al. "
              "2025; the curve chosen in the Target group)")
        .arg(formatCount(x), gpuHours ? tr("GPU-hours") : tr("iterations"),
             QLocale().toString(rlScoreAt(curve, x), 'f', 3));
}

} // namespace costlab
