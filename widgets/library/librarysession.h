// The open library behind the editor: opening (with damage recovery and the restore-backup
// question), seeding the default catalog and the examples, the 60 s autosave and its
// recovery prompt, saving the document as a scenario or a new revision, and opening a
// revision into the document. MainWindow only wires menus and docks to it.
#pragma once

#include "catalog.h"
#include "store.h"

#include <QObject>
#include <QPointer>
#include <QString>
#include <QTimer>

class QWidget;

namespace costlab {

class Document;
class LibraryDock;

class LibrarySession : public QObject {
    Q_OBJECT
public:
    /// `doc` and `catalog` outlive the session; `dialogParent` parents its questions.
    LibrarySession(Document* doc, const Catalog* catalog, QWidget* dialogParent);

    ScenarioStore* store() { return &m_store; }
    /// The dock that lists the library; it is given the store once the library is open.
    void setDock(LibraryDock* dock);
    /// Library scenario id the document belongs to; 0 = not (yet) in the library.
    qint64 scenarioId() const { return m_scenarioId; }
    /// The document was replaced by a file or a new plan: it no longer belongs to a scenario.
    void detach()
    {
        m_scenarioId = 0;
        m_revisionId = 0;
    }
    /// The document was replaced by a file (issue 49): it belongs to the library scenario
    /// that already holds the file's plan unchanged (ScenarioStore::findPlan), so Save to
    /// Library adds a revision there instead of a second row; to none when there is no such
    /// scenario. When the file holds an older revision, a save asks how to combine it with
    /// the newer ones (the conflict question) and the newer ones are not loaded over it.
    void fileOpened();
    /// The library revision the open plan was loaded from or last saved as (0 = none): the
    /// base a save names, so that a save over a plan that moved on since is a conflict.
    qint64 baseRevision() const { return m_revisionId; }
    /// Looks for another window's or process's changes (SQLite's data_version): refreshes
    /// the dock's list, and when the open plan moved on, shows the new revision if the plan
    /// has no unsaved edits, else says so (the next save asks how to resolve). Run every
    /// 1.5 s while a library is open; public for tests. True when something changed.
    bool checkForChanges();
    /// What save() does on a conflict when interactive; tests choose without a dialog.
    enum class ConflictChoice { Ask, KeepMine, TakeTheirs, SaveCopy, Cancel };
    void setConflictChoiceForTests(ConflictChoice c) { m_conflictChoice = c; }

    /// Open (or create) the library at `dbPath` (its folder must exist), seed the default
    /// catalog and the examples, start the autosave. Errors go to statusMessage() and the
    /// window works without a library. `interactive` = false (screenshots, tests) skips
    /// the restore-backup question.
    void open(const QString& dbPath, bool interactive = true);
    /// After the first document is open: offer the autosaved document, if any, then clear
    /// the slot. Does nothing when not interactive (the slot is kept for the next run).
    void offerAutosaveRecovery(bool interactive = true);
    /// Save the document as a new scenario or a new revision of its scenario. On failure
    /// shows the error (when `showErrors`, else a status message) and keeps the edits.
    bool save(bool showErrors = true);
    /// As save(), with `message` stored on the revision (History shows it).
    bool save(bool showErrors, const QString& message);
    /// Library scenario `scenarioId` got a new current revision (History → Restore as
    /// current): when it is the open plan, the document shows it — after asking, when
    /// interactive and the document has unsaved changes. True when the document changed.
    bool followRestoredRevision(qint64 scenarioId, qint64 revisionId);
    /// True when the library is open and writable (Save to Library can work).
    bool canSave() const { return m_store.isOpen() && !m_store.isReadOnly(); }
    /// Why the last open() failed, with the path ("" when it opened).
    QString openError() const { return m_openError; }
    /// Replace the document with a stored revision (the caller asked to save first).
    /// On failure shows why; the document is unchanged.
    bool openRevision(qint64 scenarioId, qint64 revisionId);
    /// Saved or deliberately discarded on quit: nothing left to recover next time.
    void clearAutosaveOnQuit();

signals:
    /// A message for the status bar; `timeoutMs` 0 = until replaced.
    void statusMessage(const QString& text, int timeoutMs);

private:
    void seedLibrary();
    void writeAutosave();
    /// A save was refused as a conflict: ask (see both, keep mine as a new revision, take
    /// theirs, save as a copy, cancel) and do it. True when nothing is left unsaved (mine
    /// kept or copied, or theirs taken).
    bool resolveConflict(const Scenario& mine, const QString& message, const CachedFigures& figures,
                         bool showErrors, const QString& error);
    /// Bookkeeping after the plan was written as revision `revisionId` of `scenarioId`.
    void savedAs(qint64 scenarioId, qint64 revisionId, const QString& name);

    Document* m_doc;
    const Catalog* m_catalog;
    QPointer<QWidget> m_dialogParent;
    QPointer<LibraryDock> m_dock;
    ScenarioStore m_store;
    QTimer m_autosaveTimer;
    QTimer m_watchTimer;
    qint64 m_scenarioId = 0;
    qint64 m_revisionId = 0;
    qint64 m_dataVersion = -1;
    qint64 m_noticedRevision = 0; ///< a newer revision already announced, not announced again
    ConflictChoice m_conflictChoice = ConflictChoice::Ask;
    bool m_interactive = true;
    QString m_openError;
};

} // namespace costlab
