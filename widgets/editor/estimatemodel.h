// The one estimate model of a document (issue 43, part 4): evaluates the plan once per
// document change, on the UI thread (well under a frame), and runs the plan's Monte Carlo on
// its own worker (latest input wins). The editor's estimate view and the lesson view both
// subscribe to one model instead of each evaluating the plan again — the lesson view had
// also run a 2,000-run Monte Carlo on the UI thread on every change.
#pragma once

#include "analysisworker.h"
#include "catalog.h"
#include "estimate.h"
#include "montecarlo.h"

#include <QObject>

namespace costlab {

class Document;

class EstimateModel : public QObject {
    Q_OBJECT
public:
    /// The Monte Carlo run count behind every P50 · P90 the window shows.
    static constexpr int kMonteCarloRuns = kPlanMonteCarloRuns;

    /// `doc` and `catalog` outlive the model (`catalog` may change in place: refresh()).
    EstimateModel(Document* doc, const Catalog* catalog, QObject* parent = nullptr);

    const Estimate& estimate() const { return m_estimate; }
    /// The Monte Carlo of the latest estimate once it arrived (cost and day samples dropped:
    /// only the summaries cross to the UI thread); runs == 0 while it is on its way, and
    /// `error` set for a plan that cannot be evaluated.
    const MonteCarloResult& uncertainty() const { return m_uncertainty; }
    /// Evaluations so far: one per document change, however many views listen (tests).
    int evaluations() const { return m_evaluations; }
    /// Milliseconds of the last evaluate() (the view runs cheap sweeps inline below a frame).
    double lastEvaluateMs() const { return m_lastEvalMs; }

    /// Re-evaluate now: the catalog changed in place, or a view was just attached.
    void refresh();
    /// Blocks until the Monte Carlo in flight has been delivered (tests, screenshots).
    void waitForAnalyses();

signals:
    /// A new estimate of the document, after every change (synchronously).
    void estimateChanged();
    /// The Monte Carlo of the latest estimate arrived (or was cleared for a refused plan).
    void uncertaintyChanged();

private:
    Document* m_doc;
    const Catalog* m_catalog;
    Estimate m_estimate;
    MonteCarloResult m_uncertainty;
    AnalysisWorker m_mcWorker;
    int m_evaluations = 0;
    double m_lastEvalMs = 0;
};

} // namespace costlab
