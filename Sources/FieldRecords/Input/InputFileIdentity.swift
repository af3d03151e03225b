import FieldKit
#if canImport(Glibc)
import Glibc
#endif

/// Which file an import read and when it was last changed (its device and inode, its modification time), kept with
/// the fingerprint of the records dealt with so that `--resume` can say why an input is not the one the import
/// started with. The fingerprint decides; this only explains: a copy of the same file, or one that only grew at its
/// end, still resumes.
struct InputFileIdentity: Equatable {
    let device: UInt64
    let inode: UInt64
    let modifiedSeconds: Int64
    let modifiedNanoseconds: Int64

    /// The identity of the open file `info` describes.
    init(_ info: stat) {
        device = UInt64(info.st_dev)
        inode = UInt64(info.st_ino)
        modifiedSeconds = Int64(info.st_mtim.tv_sec)
        modifiedNanoseconds = Int64(info.st_mtim.tv_nsec)
    }

    /// Read back from `text` (as `text` wrote it); nil for anything else.
    init?(text: Substring) {
        let parts = text.split(separator: ":", omittingEmptySubsequences: false)
        guard parts.count == 4, let device = UInt64(parts[0]), let inode = UInt64(parts[1]),
              let seconds = Int64(parts[2]), let nanoseconds = Int64(parts[3]) else { return nil }
        self.device = device
        self.inode = inode
        modifiedSeconds = seconds
        modifiedNanoseconds = nanoseconds
    }

    /// `device:inode:seconds:nanoseconds`.
    var text: String { "\(device):\(inode):\(modifiedSeconds):\(modifiedNanoseconds)" }

    /// What differs between the file read before (`self`) and `now`, for the refusal; nil when nothing does.
    func change(to now: InputFileIdentity) -> String? {
        if device != now.device || inode != now.inode { return tr("it is another file than the one the import read") }
        if (modifiedSeconds, modifiedNanoseconds) != (now.modifiedSeconds, now.modifiedNanoseconds) {
            return tr("it was changed after the import read it")
        }
        return nil
    }

    /// The fingerprint text kept with an import's progress: the records' fingerprint, then the file's identity.
    static func kept(_ fingerprint: String, file: InputFileIdentity?) -> String {
        guard let file else { return fingerprint }
        return fingerprint + " " + file.text
    }

    /// A kept fingerprint text split into the records' fingerprint and the file's identity (none when the progress
    /// was kept without one, as before fieldline kept it).
    static func split(_ kept: String) -> (fingerprint: String, file: InputFileIdentity?) {
        guard let space = kept.firstIndex(of: " ") else { return (kept, nil) }
        return (String(kept[..<space]), InputFileIdentity(text: kept[kept.index(after: space)...]))
    }
}
