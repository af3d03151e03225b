/// Province-level division codes, the first two digits of a resident ID.
///
/// Source: GB/T 2260 (Codes for the administrative divisions of the People's Republic of China), province level,
/// plus 83 used by GB 11643-format residence permits for Taiwan residents (2018). Facts, not code; public standard.
/// Only the province level is checked because it is stable: full six-digit codes change over time while old IDs
/// keep their old codes, so a current six-digit list would reject real people.
public enum ProvinceCodes {
    /// Code → short name.
    public static let names: [Int: String] = [
        11: "北京", 12: "天津", 13: "河北", 14: "山西", 15: "内蒙古",
        21: "辽宁", 22: "吉林", 23: "黑龙江",
        31: "上海", 32: "江苏", 33: "浙江", 34: "安徽", 35: "福建", 36: "江西", 37: "山东",
        41: "河南", 42: "湖北", 43: "湖南", 44: "广东", 45: "广西", 46: "海南",
        50: "重庆", 51: "四川", 52: "贵州", 53: "云南", 54: "西藏",
        61: "陕西", 62: "甘肃", 63: "青海", 64: "宁夏", 65: "新疆",
        71: "台湾", 81: "香港", 82: "澳门", 83: "台湾居民居住证",
    ]

    /// Whether `code` (0-99) is one of `names`' keys: a bit of two constant words, so the batch checker neither
    /// hashes nor reads a lazily made table per line. ProvinceCodesTests holds it to `names`.
    @inline(__always)
    static func isKnown(_ code: Int) -> Bool {
        let low: UInt64 = 0xe07c_7e3f_80e0_f800  // 11-15, 21-23, 31-37, 41-46, 50-54, 61-63
        let high: UInt64 = 0xe_0083  // 64, 65, 71, 81-83, each less 64
        guard code >= 0, code < 128 else { return false }
        return (code < 64 ? low >> UInt64(code) : high >> UInt64(code &- 64)) & 1 == 1
    }
}
