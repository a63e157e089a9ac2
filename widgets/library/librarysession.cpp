#include "librarysession.h"
#include "paramtext.h"
#include "plaintext.h"

#include "datapaths.h"
#include "document.h"
#include "engine.h"
#include "librarydock.h"
#include "libraryutil.h"
#include "scenario_json.h"

#include <QDateTime>
#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QInputDialog>
#include <QLineEdit>
#include <QLocale>
#include <QMessageBox>
#include <QPushButton>
#include <QStringList>
#include <QUndoStack>

namespace costlab {

LibrarySession::LibrarySession(Document* doc, const Catalog* catalog, QWidget* dialogParent)
    : QObject(nullptr), m_doc(doc), m_catalog(catalog), m_dialogParent(dialogParent)
{
    m_autosaveTimer.setInterval(60 * 1000);
    connect(&m_autosaveTimer, &QTimer::timeout, this, &LibrarySession::writeAutosave);
    // Another window or process saving to the library (issue 44: lists never refreshed and
    // the open plan silently fell behind). PRAGMA data_version is a read of a header field:
    // cheap enough to poll.
    m_watchTimer.setInterval(1500);
    connect(&m_watchTimer, &QTimer::timeout, this, &LibrarySession::checkForChanges);
}

void LibrarySession::setDock(LibraryDock* dock)
{
    m_dock = dock;
    if (m_dock)
        connect(m_dock, &LibraryDock::revisionRestored, this,
                &LibrarySession::followRestoredRevision, Qt::UniqueConnection);
}

void LibrarySession::open(const QString& dbPath, bool interactive)
{
    StoreOptions options;
    options.auto_backup_hours = 24;
    m_interactive = interactive;
    m_openError.clear();
    const Status error = m_store.open(isServerLibrary(dbPath.toStdString())
                                          ? dbPath.toStdString()
                                          : QFile::encodeName(dbPath).toStdString(),
                                      options);
    if (!error) {
        // Named with its path and reason where it stays visible (the banner), not only in a
        // status message the next one replaces.
        // A team library's connection string is shown without its password.
        const QString shown = isServerLibrary(dbPath.toStdString())
                                  ? QString::fromStdString(redactedConnection(dbPath.toStdString()))
                                  : QDir::toNativeSeparators(dbPath);
        m_openError = tr("%1: %2").arg(shown, QString::fromStdString(error.error));
        if (m_dock)
            m_dock->setUnavailable(shown, QString::fromStdString(error.error));
        emit statusMessage(tr("Library not available: %1").arg(m_openError), 0);
        return;
    }
    const StoreStatus& status = m_store.status();
    if (status.recovered && !status.newest_backup.empty() && interactive) {
        const auto answer = askPlain(
            m_dialogParent, tr("Library recovered"),
            tr("The library was damaged and has been moved aside to %1; a new, empty library "
               "was started. Restore the newest backup %2?")
                .arg(QString::fromStdString(status.damaged_path),
                     QString::fromStdString(status.newest_backup)),
            QMessageBox::Yes | QMessageBox::No, QMessageBox::Yes);
        if (answer == QMessageBox::Yes) {
            const auto restored = m_store.restoreLibraryFrom(status.newest_backup);
            if (!restored)
                warnPlain(m_dialogParent, tr("Restore failed"),
                          QString::fromStdString(restored.error));
        }
    }
    if (!m_store.isReadOnly())
        seedLibrary();
    if (!status.message.empty())
        emit statusMessage(QString::fromStdString(status.message), 0);
    if (m_dock)
        m_dock->setStore(&m_store);
    m_autosaveTimer.start();
    const auto version = m_store.dataVersion();
    m_dataVersion = version ? version.value : -1;
    m_watchTimer.start();
}

bool LibrarySession::checkForChanges()
{
    if (!m_store.isOpen())
        return false;
    const auto version = m_store.dataVersion();
    if (!version || version.value == m_dataVersion)
        return false;
    m_dataVersion = version.value;
    if (m_dock)
        m_dock->refresh();
    if (m_scenarioId == 0)
        return true;
    const auto row = m_store.scenario(m_scenarioId);
    if (!row) {
        emit statusMessage(tr("The open plan is no longer in the library (removed in another "
                              "window); Save to Library adds it again."),
                           0);
        m_scenarioId = 0;
        m_revisionId = 0;
        return true;
    }
    const qint64 current = row.value.current_revision;
    if (current == m_revisionId || current == m_noticedRevision)
        return true;
    if (!m_doc->isModified()) {
        // Nothing of the user's to lose: show what the library holds now.
        if (openRevision(m_scenarioId, current))
            emit statusMessage(tr("“%1” was saved in another window; showing its new revision.")
                                   .arg(displayText(row.value.name)),
                               0);
        return true;
    }
    m_noticedRevision = current;
    emit statusMessage(tr("“%1” was saved in another window while you were editing it; Save to "
                          "Library will ask how to combine the two.")
                           .arg(displayText(row.value.name)),
                       0);
    return true;
}

/// The shipped catalogs (read-only) and examples, so a new library is not empty.
void LibrarySession::seedLibrary()
{
    for (const QString& path : shippedCatalogFiles()) {
        QFile catalogFile(path);
        if (!catalogFile.open(QIODevice::ReadOnly))
            continue;
        const QByteArray text = catalogFile.readAll();
        const auto seeded =
            m_store.seedDefaultCatalog(std::string_view(text.constData(), size_t(text.size())));
        if (!seeded)
            emit statusMessage(
                tr("Library: catalog %1 not stored: %2")
                    .arg(QFileInfo(path).fileName(), QString::fromStdString(seeded.error)),
                0);
    }
    std::vector<std::string> examples;
    for (const QString& f : exampleFiles())
        examples.push_back(QFile::encodeName(f).toStdString());
    FiguresCalculator figures(&m_store);
    m_store.seedExamples(examples, figures);
}

void LibrarySession::offerAutosaveRecovery(bool interactive)
{
    if (!interactive || !m_store.isOpen())
        return;
    const auto slot = m_store.readAutosave();
    if (!slot) {
        emit statusMessage(tr("Autosave not readable: %1").arg(QString::fromStdString(slot.error)),
                           0);
        return;
    }
    if (!slot.value)
        return;
    const AutosaveEntry& entry = *slot.value;
    const QString when =
        QLocale().toString(QDateTime::fromMSecsSinceEpoch(entry.saved_at), QLocale::ShortFormat);
    const LoadResult r = scenarioFromJson(entry.json);
    // The prompt names the plan (issue 49): with several plans in the library "unsaved work"
    // alone does not say which.
    const QString name = r.scenario ? displayText(r.scenario->name) : QString();
    const auto answer =
        askPlain(m_dialogParent, tr("Recover unsaved work"),
                 name.isEmpty()
                     ? tr("Recover unsaved work from %1?").arg(when)
                     : tr("Recover the unsaved changes to the plan “%1” from %2?").arg(name, when),
                 QMessageBox::Yes | QMessageBox::No, QMessageBox::Yes);
    if (answer == QMessageBox::Yes) {
        if (r.scenario) {
            m_doc->reset(*r.scenario);
            m_doc->undoStack()->resetClean(); // recovered work is unsaved work
            m_scenarioId = entry.scenario_id;
            // The autosave does not record its base: the revision current now is the one a
            // save must not silently pass over from here on.
            const auto row = m_store.scenario(m_scenarioId);
            m_revisionId = row ? row.value.current_revision : 0;
        } else {
            QStringList problems;
            for (const LoadError& e : r.errors)
                problems << loadErrorText(e);
            warnPlain(m_dialogParent, tr("Recovery failed"),
                      tr("The autosaved plan could not be read: %1")
                          .arg(problems.join(QStringLiteral("; "))));
        }
    }
    const Status cleared = m_store.clearAutosave();
    if (!cleared)
        emit statusMessage(
            tr("Autosave not cleared: %1").arg(QString::fromStdString(cleared.error)), 0);
}

void LibrarySession::fileOpened()
{
    detach();
    m_noticedRevision = 0;
    if (!m_store.isOpen())
        return;
    const auto found = m_store.findPlan(m_doc->scenario());
    if (!found || found.value.scenario_id == 0)
        return; // not in the library (or not readable now): Save to Library adds it
    m_scenarioId = found.value.scenario_id;
    m_revisionId = found.value.revision_id;
    if (found.value.current)
        return;
    // The library moved on since the file was written. Its newer revision is not shown in
    // place of the file (checkForChanges would): the save names the file's revision as its
    // base, so it is a conflict the user resolves, never a silent overwrite.
    const auto row = m_store.scenario(m_scenarioId);
    m_noticedRevision = row ? row.value.current_revision : 0;
    emit statusMessage(tr("This file holds an older revision of “%1” in the library; Save to "
                          "Library will ask how to combine it with the newer ones.")
                           .arg(displayText(m_doc->scenario().name)),
                       0);
}

bool LibrarySession::openRevision(qint64 scenarioId, qint64 revisionId)
{
    const auto loaded = m_store.loadRevision(revisionId);
    if (!loaded) {
        warnPlain(m_dialogParent, tr("Cannot open scenario"),
                  tr("The library scenario was not opened; the current plan is unchanged.\n%1")
                      .arg(QString::fromStdString(loaded.error)));
        return false;
    }
    m_doc->reset(loaded.value);
    m_scenarioId = scenarioId;
    m_revisionId = revisionId;
    m_noticedRevision = 0;
    emit statusMessage(tr("Opened “%1” from the library").arg(displayText(loaded.value.name)),
                       5000);
    return true;
}

bool LibrarySession::save(bool showErrors)
{
    QString message;
    if (showErrors && m_interactive && m_store.isOpen()) {
        // An optional note for the History dialog; Cancel saves nothing.
        bool ok = false;
        message = QInputDialog::getText(m_dialogParent, tr("Save to library"),
                                        tr("Message for this revision (optional):"),
                                        QLineEdit::Normal, QString(), &ok);
        if (!ok)
            return false;
    }
    return save(showErrors, message.trimmed());
}

bool LibrarySession::followRestoredRevision(qint64 scenarioId, qint64 revisionId)
{
    if (scenarioId == 0 || scenarioId != m_scenarioId)
        return false;
    if (m_doc->isModified() && m_interactive) {
        const auto answer = askPlain(
            m_dialogParent, tr("Restore as current"),
            tr("The open plan has unsaved changes. Replace them with the restored revision?"),
            QMessageBox::Yes | QMessageBox::No, QMessageBox::No);
        if (answer != QMessageBox::Yes)
            return false;
    }
    return openRevision(scenarioId, revisionId);
}

bool LibrarySession::save(bool showErrors, const QString& message)
{
    auto fail = [&](const QString& text) {
        if (showErrors)
            warnPlain(m_dialogParent, tr("Save to library failed"), text);
        else
            emit statusMessage(text, 0);
        return false;
    };
    if (!m_store.isOpen())
        return fail(tr("No library is open."));
    const Scenario scenario = m_doc->scenario();
    const CachedFigures figures = figuresFrom(evaluate(scenario, *m_catalog), scenario);
    if (m_scenarioId != 0) {
        // Named with the revision the edits started from: a save over a plan that moved on
        // since is a conflict the user resolves, never a silent overwrite (issue 44).
        const auto saved = m_store.saveRevision(m_scenarioId, scenario, message.toStdString(),
                                                figures, m_revisionId);
        if (saved.kind == StoreError::Conflict)
            return resolveConflict(scenario, message, figures, showErrors,
                                   QString::fromStdString(saved.error));
        if (!saved)
            return fail(QString::fromStdString(saved.error));
        savedAs(m_scenarioId, saved.value, displayText(scenario.name));
    } else {
        const auto created = m_store.create(scenario, message.toStdString(), figures);
        if (!created)
            return fail(QString::fromStdString(created.error));
        const auto row = m_store.scenario(created.value);
        savedAs(created.value, row ? row.value.current_revision : 0, displayText(scenario.name));
    }
    return true;
}

void LibrarySession::savedAs(qint64 scenarioId, qint64 revisionId, const QString& name)
{
    m_scenarioId = scenarioId;
    m_revisionId = revisionId;
    m_noticedRevision = 0;
    // A plan that lives only in the library is now saved; a file-backed one still has
    // unsaved changes in its file.
    if (m_doc->filePath().isEmpty())
        m_doc->undoStack()->setClean();
    if (m_dock) {
        m_dock->refresh();
        m_dock->selectScenario(m_scenarioId);
    }
    const Status cleared = m_store.clearAutosave();
    if (!cleared)
        emit statusMessage(
            tr("Autosave not cleared: %1").arg(QString::fromStdString(cleared.error)), 0);
    else
        emit statusMessage(tr("Saved “%1” to the library").arg(name), 5000);
}

bool LibrarySession::resolveConflict(const Scenario& mine, const QString& message,
                                     const CachedFigures& figures, bool showErrors,
                                     const QString& error)
{
    const auto row = m_store.scenario(m_scenarioId);
    const auto theirs = m_store.loadCurrent(m_scenarioId);
    ConflictChoice choice = m_conflictChoice;
    if (choice == ConflictChoice::Ask) {
        if (!showErrors || !m_interactive || !row || !theirs) {
            emit statusMessage(error, 0);
            return false;
        }
        // See both: every input that differs, theirs → mine, in the details.
        QStringList lines;
        for (const ParamDiff& d : ScenarioStore::diffScenarios(theirs.value, mine))
            lines << tr("%1: theirs %2, yours %3")
                         .arg(QString::fromStdString(d.id),
                              displayText(d.old_text.empty() ? std::string("—") : d.old_text),
                              displayText(d.new_text.empty() ? std::string("—") : d.new_text));
        QMessageBox box(QMessageBox::Warning, tr("Plan changed in another window"),
                        tr("“%1” was saved in another window or by another Costlab after you "
                           "started editing it. Nothing has been overwritten. Keep your version "
                           "as a new revision (theirs stays in History), take theirs (your edits "
                           "are discarded), or save yours as a copy.")
                            .arg(displayText(row.value.name)),
                        QMessageBox::Cancel, m_dialogParent);
        box.setTextFormat(Qt::PlainText);
        box.setDetailedText(lines.isEmpty() ? tr("Both versions have the same inputs.")
                                            : lines.join(QLatin1Char('\n')));
        QPushButton* keep =
            box.addButton(tr("&Keep Mine as New Revision"), QMessageBox::AcceptRole);
        QPushButton* take = box.addButton(tr("&Take Theirs"), QMessageBox::DestructiveRole);
        QPushButton* copy = box.addButton(tr("Save as &Copy"), QMessageBox::ActionRole);
        box.setDefaultButton(keep);
        box.exec();
        choice = box.clickedButton() == keep   ? ConflictChoice::KeepMine
                 : box.clickedButton() == take ? ConflictChoice::TakeTheirs
                 : box.clickedButton() == copy ? ConflictChoice::SaveCopy
                                               : ConflictChoice::Cancel;
    }
    switch (choice) {
    case ConflictChoice::KeepMine: {
        if (!row)
            return false;
        const auto saved = m_store.saveRevision(m_scenarioId, mine, message.toStdString(), figures,
                                                row.value.current_revision);
        if (!saved) {
            emit statusMessage(QString::fromStdString(saved.error), 0);
            return false;
        }
        savedAs(m_scenarioId, saved.value, displayText(mine.name));
        return true;
    }
    case ConflictChoice::TakeTheirs:
        if (!row)
            return false;
        // The plan is now the library's current revision: nothing is left unsaved.
        return openRevision(m_scenarioId, row.value.current_revision);
    case ConflictChoice::SaveCopy: {
        Scenario copy = mine;
        copy.name = tr("%1 (copy)").arg(QString::fromStdString(mine.name)).toStdString();
        const auto created = m_store.create(copy, message.toStdString(), figures);
        if (!created) {
            emit statusMessage(QString::fromStdString(created.error), 0);
            return false;
        }
        const auto newRow = m_store.scenario(created.value);
        savedAs(created.value, newRow ? newRow.value.current_revision : 0, displayText(copy.name));
        return true;
    }
    case ConflictChoice::Ask:
    case ConflictChoice::Cancel:
        break;
    }
    return false;
}

void LibrarySession::writeAutosave()
{
    if (!m_doc->isModified() || !m_store.isOpen() || m_store.isReadOnly())
        return;
    const Status error = m_store.writeAutosave(m_scenarioId, m_doc->scenario());
    if (!error)
        emit statusMessage(tr("Autosave failed: %1").arg(QString::fromStdString(error.error)), 0);
}

void LibrarySession::clearAutosaveOnQuit()
{
    if (m_store.isOpen() && !m_store.isReadOnly())
        m_store.clearAutosave();
}

} // namespace costlab
