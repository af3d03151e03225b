import Foundation
import Testing
@testable import TestSupport

/// The prefecture and county `check idcard-cn --output json` names for a code's holder: the name in force in the
/// birth year, the nearest one when none was (the ID stays valid), for codes current, new and retired.
@Suite struct IDCardPlaceNameTests {
    @Test(arguments: [
        // Codes of the last decade and of before 1990 that python-stdnum 2.1's list lacked.
        ("110118", "20160501", "市辖区", "密云区"),
        ("330112", "20180101", "杭州市", "临安区"),
        ("130284", "20190101", "唐山市", "滦州市"),
        ("110221", "19900101", "县", "昌平县"),
        // Born before the code existed, or after it was retired: the nearest name, still valid.
        ("110118", "19900101", "市辖区", "密云区"),
        ("110221", "20050101", "县", "昌平县"),
        // A code renamed: the name of the birth year.
        ("120110", "19800101", "市辖区", "东郊区"),
        ("120110", "19920101", "市辖区", "东丽区"),
        // Between two names: the nearer, the first listed when both are as near.
        ("419001", "19950101", "省直辖县级行政单位", "济源市"),
        ("419001", "19930101", "省直辖县级行政单位", "义马市"),
        // A first name the source dates [1983-1982], which no year fits: the nearest rule gives it to 1982.
        ("210311", "19820101", "鞍山市", "郊区"),
        ("210311", "19900101", "鞍山市", "旧堡区"),
        // A prefecture-level code names itself.
        ("440300", "19900101", "深圳市", "深圳市"),
    ])
    func decodesByName(code: String, birth: String, prefecture: String, county: String) throws {
        let id = withCheckCharacter(code + birth + "001")
        let r = try fieldline(["check", "idcard-cn", "--output", "json"], stdin: id + "\n")
        #expect(r.status == 0, "\(r.err)")
        let object = try #require(JSONSerialization.jsonObject(with: Data(r.out.utf8)) as? [String: Any])
        #expect(object["valid"] as? Bool == true)
        let decoded = try #require(object["decoded"] as? [String: Any])
        #expect(decoded["prefecture"] as? String == prefecture, "\(id)")
        #expect(decoded["county"] as? String == county, "\(id)")
    }
}
