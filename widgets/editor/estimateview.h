// The right-hand side of the editor: headline strip over the five charts. Listens to the
// Document, evaluates on every change and pushes the Estimate to the strip and the charts.
//
// Threads: evaluate() takes microseconds, so it runs on the UI thread on every change.
// The trade-off sweep (kSweepPoints evaluations) also runs inline while it stays under
// kInlineSweepMs; once a sweep takes longer it moves to a one-thread pool where only the
// newest request survives (queued ones are dropped, a stale result is discarded).
#pragma once

#include "analysisworker.h"
#include "catalog.h"
#include "estimate.h"
#include "estimatemodel.h"
#include "sweep.h"

#include <QElapsedTimer>
#include <QWidget>

class QComboBox;
class QLabel;
class QScrollArea;
class QSplitter;
class QTabWidget;
class QToolButton;

namespace costlab {

class CostBreakdownChart;
class DistributionChart;
class TornadoChart;
class Document;
class HeadlineStrip;
class MemoryChart;
class RlUtilisationChart;
class SpendChart;
class StepChart;
class TargetChart;
class TradeoffChart;
class ChartBase;

class EstimateView : public QWidget {
    Q_OBJECT
public:
    static constexpr int kSweepPoints = 60;
    static constexpr double kInlineSweepMs = 5.0;
    /// Smallest chart size before the chart area scrolls (px): tick labels and legends of
    /// a three-phase plan stay readable at this size.
    static constexpr int kChartMinWidth = 320;
    static constexpr int kChartMinHeight = 330;
    static inline const QString kDefaultSweepParam =
        QStringLiteral("reliability.checkpoint_interval_h");

    /// `model` is the document's estimate model, shared with the lesson view; nullptr makes
    /// the view its own.
    EstimateView(Document* doc, const Catalog* catalog, QWidget* parent = nullptr,
                 EstimateModel* model = nullptr);
    ~EstimateView() override;

    const Estimate& estimate() const { return m_model->estimate(); }
    EstimateModel* model() const { return m_model; }
    /// The parameter on the trade-off chart's x axis (full id).
    QString sweepParam() const { return m_sweepParam; }
    void setSweepParam(const QString& fullId);
    /// Force the sweep to run on the worker (tests) or inline.
    void setSweepOnWorker(bool worker) { m_forceWorker = worker; }
    /// Block until a pending worker sweep and the headline's Monte Carlo range have been
    /// delivered (tests, screenshots, bench).
    void waitForSweep();
    /// Monte Carlo runs behind the headline's P50 · P90 (the CLI defaults to 10,000).
    static constexpr int kHeadlineMonteCarloRuns = EstimateModel::kMonteCarloRuns;
    /// Milliseconds the last evaluate() and sweep took.
    double lastEvaluateMs() const { return m_model->lastEvaluateMs(); }
    double lastSweepMs() const { return m_lastSweepMs; }

    HeadlineStrip* headline() const { return m_headline; }
    CostBreakdownChart* costChart() const { return m_cost; }
    TradeoffChart* tradeoffChart() const { return m_tradeoff; }
    DistributionChart* distributionChart() const { return m_distribution; }
    TornadoChart* tornadoChart() const { return m_tornado; }
    /// The tabs over the trade-off chart and the Monte Carlo distribution.
    QTabWidget* rightTabs() const { return m_rightTabs; }
    /// The cost chart's tabs; in compact mode they also hold memory, step, RL and spend.
    QTabWidget* leftTabs() const { return m_leftTabs; }
    /// True when the view is too low for two rows of charts at their minimum height and
    /// shows them as tabs in one row (a 1280×720 projector, 2× scale), so no chart is cut.
    bool isCompact() const { return m_compact; }
    MemoryChart* memoryChart() const { return m_memory; }
    RlUtilisationChart* rlChart() const { return m_rl; }
    SpendChart* spendChart() const { return m_spend; }
    StepChart* stepChart() const { return m_step; }
    TargetChart* targetChart() const { return m_target; }
    QList<ChartBase*> charts() const;
    QComboBox* sweepCombo() const { return m_sweepCombo; }

    /// Re-evaluate and push to every chart now (normally driven by Document::changed).
    void refresh();
    /// The catalog behind the view's pointer changed (another catalog chosen, or the plan's
    /// catalog found): re-evaluate and re-run the trade-off sweep, whose points were priced
    /// with the previous one.
    void catalogChanged();

signals:
    /// A new estimate was pushed to the strip and the charts.
    void estimateUpdated();
    /// A sweep result reached the trade-off chart.
    void sweepUpdated();
    /// "Fit to my runs…" on the Target tab, for phase `phase` (0-based) of the plan.
    void fitRequested(int phase);

protected:
    void changeEvent(QEvent* event) override;
    void resizeEvent(QResizeEvent* event) override;

private:
    void retranslate();
    void arrangeCharts();
    /// Moves the lower charts into the left tabs (compact) or back into their rows.
    void setCompact(bool compact);
    void fillSweepCombo();
    void requestSweep();
    void requestUncertainty();
    void showUncertainty();
    void applySweep(const SweepResult& result, quint64 generation);
    /// The Uncertainty tab: Cost / Duration buttons over the distribution chart.
    QWidget* makeDistributionBox();
    /// The rows of charts: cost tabs | trade-off tabs over memory, step, RL pipeline, spend
    /// (and the third row when narrow). Needs m_rightTabs.
    QSplitter* makeChartRows();
    /// The Target tab: the "Fit to my runs…" button over the target chart.
    QWidget* makeTargetBox();
    void onParamChanged(const QString& id);

    Document* m_doc;
    const Catalog* m_catalog;
    EstimateModel* m_model;
    HeadlineStrip* m_headline;
    CostBreakdownChart* m_cost;
    TradeoffChart* m_tradeoff;
    MemoryChart* m_memory;
    RlUtilisationChart* m_rl;
    SpendChart* m_spend;
    StepChart* m_step;
    DistributionChart* m_distribution;
    TornadoChart* m_tornado;
    TargetChart* m_target;
    QTabWidget* m_rightTabs = nullptr; ///< trade-off | distribution | tornado | target
    QToolButton* m_fitButton = nullptr;
    QToolButton* m_distCostButton = nullptr;
    QToolButton* m_distDaysButton = nullptr;
    QScrollArea* m_scroll = nullptr;
    QSplitter* m_top = nullptr;    ///< cost tabs | trade-off tabs (stacked when too narrow)
    QSplitter* m_rows = nullptr;   ///< top row, bottom row, optional third row
    QSplitter* m_bottom = nullptr; ///< memory, RL utilisation, (spend when wide)
    QSplitter* m_third = nullptr;  ///< spend, when the window is too narrow for three
    /// Cost by phase, and in compact mode (too low for two rows of charts) the memory,
    /// step, RL pipeline and spend charts as tabs beside it; the tab bar hides itself in
    /// the two-row mode, where the cost chart is its only page.
    QTabWidget* m_leftTabs = nullptr;
    bool m_compact = false;
    bool m_hasRl = true; ///< the plan has an RL phase (the RL pipeline chart is shown)
    QLabel* m_sweepLabel;
    QComboBox* m_sweepCombo;
    QToolButton* m_probButton;
    QToolButton* m_costButton;
    QString m_sweepParam = kDefaultSweepParam;
    AnalysisWorker m_worker;     ///< sweeps too slow to run inline
    AnalysisWorker m_sensWorker; ///< the Sensitivity tab's tornado (its own, likewise)
    quint64 m_sweepGeneration = 0;
    quint64 m_appliedGeneration = 0;
    double m_lastSweepMs = 0;
    bool m_forceWorker = false;
    bool m_fillingCombo = false;
};

} // namespace costlab
