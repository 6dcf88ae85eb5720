import AlarmSync
import Testing

/// The sync decisions, without a server: each row of SyncPlanner's table.
@Suite(.timeLimit(.minutes(2))) struct SyncPlannerTests {
    let v1 = SyncVersion(sequence: 1, lastModified: 100)
    let v2 = SyncVersion(sequence: 2, lastModified: 50)
    func local(_ fingerprint: String, _ version: SyncVersion) -> LocalItem { LocalItem(uid: "a", fingerprint: fingerprint, version: version) }
    func remote(_ etag: String, _ version: SyncVersion? = nil) -> RemoteItem { RemoteItem(uid: "a", href: "/c/a.ics", etag: etag, version: version) }
    let agreed = SyncedItem(href: "/c/a.ics", etag: "e1", fingerprint: "f1")

    func plan(_ l: LocalItem?, _ r: RemoteItem?, _ s: SyncedItem?) -> SyncPlanner.Plan {
        SyncPlanner.plan(local: l.map { ["a": $0] } ?? [:], remote: r.map { ["a": $0] } ?? [:], synced: s.map { ["a": $0] } ?? [:])
    }

    @Test func oneSideChanged() {
        #expect(plan(local("f1", v1), remote("e1"), agreed).actions.isEmpty)
        #expect(plan(local("f2", v1), remote("e1"), agreed).actions == [.upload(uid: "a", href: "/c/a.ics", condition: .replace(etag: "e1"))])
        #expect(plan(local("f1", v1), remote("e2", v2), agreed).actions == [.download(uid: "a", href: "/c/a.ics")])
    }

    @Test func addsAndDeletes() {
        #expect(plan(local("f1", v1), nil, nil).actions == [.upload(uid: "a", href: nil, condition: .create)])
        #expect(plan(nil, remote("e1", v1), nil).actions == [.download(uid: "a", href: "/c/a.ics")])
        #expect(plan(nil, remote("e1"), agreed).actions == [.deleteRemote(uid: "a", href: "/c/a.ics", etag: "e1")])
        #expect(plan(local("f1", v1), nil, agreed).actions == [.deleteLocal(uid: "a")])
        #expect(plan(nil, nil, agreed).actions == [.forget(uid: "a")])
    }

    @Test func conflictsGoToTheNewerVersionAndTheLoserIsLogged() {
        // Both edited: the higher SEQUENCE wins whatever LAST-MODIFIED says.
        let serverNewer = plan(local("f2", v1), remote("e2", v2), agreed)
        #expect(serverNewer.actions == [.download(uid: "a", href: "/c/a.ics")])
        #expect(serverNewer.conflicts.count == 1)
        #expect(serverNewer.conflicts.first?.contains("the server's version is newer") == true)
        let localNewer = plan(local("f2", v2), remote("e2", v1), agreed)
        #expect(localNewer.actions == [.upload(uid: "a", href: "/c/a.ics", condition: .replace(etag: "e2"))])
        #expect(localNewer.conflicts.first?.contains("this machine's version is newer") == true)
        // Same SEQUENCE: the later LAST-MODIFIED wins.
        let later = plan(local("f2", SyncVersion(sequence: 1, lastModified: 200)), remote("e2", v1), agreed)
        #expect(later.actions == [.upload(uid: "a", href: "/c/a.ics", condition: .replace(etag: "e2"))])
        // A tie goes to the server, so every machine settles on one version.
        #expect(plan(local("f2", v1), remote("e2", v1), agreed).actions == [.download(uid: "a", href: "/c/a.ics")])
    }

    @Test func anEditBeatsADeletion() {
        let editedHere = plan(local("f2", v1), nil, agreed)
        #expect(editedHere.actions == [.upload(uid: "a", href: nil, condition: .create)])
        #expect(editedHere.conflicts.count == 1)
        let editedThere = plan(nil, remote("e2", v2), agreed)
        #expect(editedThere.actions == [.download(uid: "a", href: "/c/a.ics")])
        #expect(editedThere.conflicts.count == 1)
    }

    @Test func firstMeetingOfTheSameAlarmIsNoConflict() {
        let p = plan(local("f1", v1), remote("e1", v2), nil)
        #expect(p.actions == [.download(uid: "a", href: "/c/a.ics")])
        #expect(p.conflicts.isEmpty)
        #expect(plan(local("f1", v2), remote("e1", v1), nil).actions == [.upload(uid: "a", href: "/c/a.ics", condition: .replace(etag: "e1"))])
    }

    /// Another program's event: never deleted on the server from here, never written over a
    /// change made there.
    @Test func anotherProgramsEventIsNeverDeletedOrOverwritten() {
        let foreign = SyncedItem(href: "/c/a.ics", etag: "e1", fingerprint: "f1", foreign: true)
        func mine(_ fingerprint: String, _ version: SyncVersion) -> LocalItem { LocalItem(uid: "a", fingerprint: fingerprint, version: version, foreign: true) }
        func theirs(_ etag: String, _ version: SyncVersion? = nil) -> RemoteItem { RemoteItem(uid: "a", href: "/c/a.ics", etag: etag, version: version, foreign: true) }
        #expect(plan(nil, theirs("e1"), foreign).actions.isEmpty, "ended or removed here: the event stays")
        #expect(plan(nil, theirs("e2", v1), foreign).actions == [.download(uid: "a", href: "/c/a.ics")], "changed there: it comes back")
        #expect(plan(mine("f2", v2), nil, foreign).actions == [.deleteLocal(uid: "a")], "deleted there: gone here too, edited or not")
        #expect(plan(mine("f2", v2), theirs("e1"), foreign).actions == [.upload(uid: "a", href: "/c/a.ics", condition: .replace(etag: "e1"))])
        let both = plan(mine("f2", v2), theirs("e2", v1), foreign)
        #expect(both.actions == [.download(uid: "a", href: "/c/a.ics")], "even a newer version here does not write over theirs")
        #expect(both.conflicts.count == 1)
        #expect(plan(nil, theirs("e1", v1), nil).actions == [.download(uid: "a", href: "/c/a.ics")])
    }
}
