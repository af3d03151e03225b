import Testing
import FieldKit

/// A status message of several lines shown on the one status row.
@Suite struct RegionTextTests {
    @Test(arguments: ["", "one", "a\nb", "a\n\nb", "\nlead", "trail\n", "\n\n", "中文\n第二行", "tab\there\nx", "a\r\nb"])
    func linesAreJoinedBySpacesAsSplitAndJoinJoinThem(text: String) {
        #expect(RegionText.oneLine(text) == text.split(separator: "\n").joined(separator: " "), "\(text.debugDescription)")
    }
}
