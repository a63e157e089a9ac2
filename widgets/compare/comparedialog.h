// A window hosting a CompareView with "Add scenario…" (a .costlab.json file), "Add from
// library" (a plan stored in the library) and "Remove". Each plan is priced with the catalog
// it names (CompareSources::catalogFor). A file that does not load leaves the current
// comparison untouched and shows every validation error in the dialog.
#pragma once

#include "catalog.h"
#include "scenario.h"

#include <QDialog>
#include <QList>
#include <QString>

#include <cstdint>
#include <functional>
#include <optional>
#include <vector>

class QLabel;
class QPushButton;

namespace costlab {

class CompareView;

/// Where the dialog gets catalogs and library plans; the main window wires them to the
/// library (the compare widgets do not depend on the store).
struct CompareSources {
    /// The catalog that prices a plan: pickCatalog()'s rule (a stand-in with
    /// Catalog::unavailable when it is missing). Required.
    std::function<Catalog(const Scenario&)> catalogFor;
    struct LibraryPlan {
        std::int64_t id = 0;
        QString name;
    };
    /// Plans in the library, for "Add from library"; empty or unset: the button is hidden.
    std::function<QList<LibraryPlan>()> libraryPlans;
    /// The current revision of library plan `id`; nullopt with `error` set when it can't be read.
    std::function<std::optional<Scenario>(std::int64_t id, QString* error)> loadLibraryPlan;
};

class CompareDialog : public QDialog {
    Q_OBJECT
public:
    /// Every plan priced with `catalog` (tests; no library).
    explicit CompareDialog(const Catalog& catalog, QWidget* parent = nullptr);
    explicit CompareDialog(CompareSources sources, QWidget* parent = nullptr);
    ~CompareDialog() override;

    /// Replace the compared plans (2–4; more are cut to 4).
    void setScenarios(const std::vector<Scenario>& scenarios);
    const std::vector<Scenario>& scenarios() const { return m_scenarios; }

    /// Load a .costlab.json file and add it. On failure returns false, keeps the current
    /// comparison and shows the errors (also returned in `error` when given).
    bool addScenarioFile(const QString& path, QString* error = nullptr);
    /// Add library plan `id` (CompareSources::loadLibraryPlan); as addScenarioFile otherwise.
    bool addLibraryPlan(std::int64_t id, QString* error = nullptr);
    /// Remove plan `index` (0 = baseline; the next becomes the baseline). Refused below 2.
    bool removeScenario(int index);

    CompareView* view() const { return m_view; }
    /// Error text currently shown ("" when none).
    QString errorText() const;

    /// Open "Route A: bigger pre-training" vs "Route B: smaller base + heavy RL" from
    /// `examplesDir` (resources/examples) as a non-modal dialog deleted on close. Returns
    /// the dialog, or nullptr after telling the user which file did not load.
    static CompareDialog* openRouteAB(QWidget* parent, const QString& examplesDir,
                                      CompareSources sources);

private:
    void addWithDialog();
    /// The baseline's PDF report with "Route A vs Route B on value" (the Value tab's
    /// comparison against the second plan), through the report's own options dialog.
    void exportValueReport();
    bool addScenario(std::optional<Scenario> s, const QString& error, QString* errorOut);
    void updateButtons();
    void fillLibraryMenu();
    void showError(const QString& text);
    void refreshView();

    CompareSources m_sources;
    std::vector<Scenario> m_scenarios;
    CompareView* m_view = nullptr;
    QPushButton* m_report = nullptr;
    QLabel* m_error = nullptr;
    QPushButton* m_add = nullptr;
    QPushButton* m_addLibrary = nullptr;
    QPushButton* m_remove = nullptr;
};

} // namespace costlab
