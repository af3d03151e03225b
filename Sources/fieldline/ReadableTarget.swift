import ArgumentParser
import FieldKit
import FieldSinks

/// Where an option that reads records back (`records --from`, `compare --from` and `--with`) points, and that
/// target opened read-only.
extension OutputTarget {
    /// The target `text` names for `option`; standard input and names of no known kind are usage errors.
    static func readable(_ text: String, option: String) throws -> OutputTarget {
        let target: OutputTarget
        do { target = try OutputTarget(text, format: nil) } catch {
            throw ValidationError(tr("\(option) takes FILE.jsonl, FILE.csv, FILE.db, FILE.sqlite, sqlite:PATH or postgres://…, not '\(PostgresSink.withoutPassword(text))'"))
        }
        if target.isStandardOutput { throw ValidationError(tr("\(option) names where records are kept: standard input and output cannot be read back")) }
        return target
    }

    /// The target opened for reading only: nothing is created, upgraded or repaired.
    func openedForReading(form: FormSpec, lossy: Bool) throws(SinkError) -> any RecordSource {
        switch self {
        case .file(let path, .jsonl): return try RecordFileReader(path: path, format: .jsonLines, form: form, lossy: lossy)
        case .file(let path, .csv): return try RecordFileReader(path: path, format: .csv, form: form, lossy: lossy)
        case .sqlite(let path): return try SQLiteRecordReader(path: path, form: form, lossy: lossy)
        case .postgres(let url): return try PostgresRecordReader(url: url, form: form, lossy: lossy)
        case .standardOutput: throw SinkError(.unsupported, tr("standard output cannot be read back"))
        }
    }
}
