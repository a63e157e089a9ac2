// A window hosting a CompareView with "Add scenario…" (a .costlab.json file) and
// "Remove". A file that does not load leaves the current comparison untouched and shows
// every validation error in the dialog.
#pragma once

#include "catalog.h"
#include "scenario.h"

#include <QDialog>

#include <vector>

class QLabel;
class QPushButton;

namespace costlab {

class CompareView;

class CompareDialog : public QDialog {
    Q_OBJECT
public:
    explicit CompareDialog(const Catalog& catalog, QWidget* parent = nullptr);
    ~CompareDialog() override;

    /// Replace the compared plans (2–4; more are cut to 4).
    void setScenarios(const std::vector<Scenario>& scenarios);
    const std::vector<Scenario>& scenarios() const { return m_scenarios; }

    /// Load a .costlab.json file and add it. On failure returns false, keeps the current
    /// comparison and shows the errors (also returned in `error` when given).
    bool addScenarioFile(const QString& path, QString* error = nullptr);
    /// Remove plan `index` (0 = baseline; the next becomes the baseline). Refused below 2.
    bool removeScenario(int index);

    CompareView* view() const { return m_view; }
    /// Error text currently shown ("" when none).
    QString errorText() const;

    /// Open "Route A: bigger pre-training" vs "Route B: smaller base + heavy RL" from
    /// `examplesDir` (resources/examples) as a non-modal dialog deleted on close. Returns
    /// the dialog, or nullptr after telling the user which file did not load.
    static CompareDialog* openRouteAB(QWidget* parent, const QString& examplesDir,
                                      const Catalog& catalog);

private:
    void addWithDialog();
    void updateButtons();
    void showError(const QString& text);

    Catalog m_catalog;
    std::vector<Scenario> m_scenarios;
    CompareView* m_view = nullptr;
    QLabel* m_error = nullptr;
    QPushButton* m_add = nullptr;
    QPushButton* m_remove = nullptr;
};

} // namespace costlab
