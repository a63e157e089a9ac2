#include "estimatemodel.h"

#include "document.h"
#include "engine.h"

#include <QElapsedTimer>

namespace costlab {

EstimateModel::EstimateModel(Document* doc, const Catalog* catalog, QObject* parent)
    : QObject(parent), m_doc(doc), m_catalog(catalog)
{
    // Every slider move starts the Monte Carlo: it yields its core to the window
    // (analysisworker.h).
    m_mcWorker.setIdleClass(true);
    connect(m_doc, &Document::changed, this, &EstimateModel::refresh);
    refresh();
}

void EstimateModel::refresh()
{
    const Scenario& s = m_doc->scenario();
    QElapsedTimer t;
    t.start();
    m_estimate = evaluate(s, *m_catalog);
    m_lastEvalMs = double(t.nsecsElapsed()) / 1e6;
    ++m_evaluations;
    m_uncertainty = {}; // the previous plan's range no longer applies
    if (!m_estimate.ok) {
        m_mcWorker.cancel();
        m_uncertainty.error = "not evaluated";
    } else {
        const Scenario scenario = s;
        const Catalog catalog = *m_catalog;
        m_mcWorker.start<MonteCarloResult>(
            [scenario, catalog](const AnalysisControl& control) {
                MonteCarloOptions o;
                o.runs = kMonteCarloRuns;
                // Both cores once the frame is painted (issue 50: the band current within
                // 50 ms); the helper threads inherit this worker's lower priority.
                o.threads = monteCarloThreads();
                MonteCarloResult r = monteCarlo(scenario, catalog, o, control);
                r.cost_samples.clear(); // only the summaries cross to the UI thread
                r.days_samples.clear();
                return r;
            },
            [this](MonteCarloResult r) {
                m_uncertainty = std::move(r);
                emit uncertaintyChanged();
            });
    }
    emit estimateChanged();
    if (!m_estimate.ok)
        emit uncertaintyChanged();
}

void EstimateModel::waitForAnalyses()
{
    m_mcWorker.waitForDone();
}

} // namespace costlab
