import FieldKeymaps
import FieldKit
import Foundation
import Testing

/// `PhoneNumber` is Codable as its E.164 string, checked against metadata on the way in.
struct PhoneNumberCodableTests {
    static func decoder() -> JSONDecoder {
        let decoder = JSONDecoder()
        decoder.userInfo[PhoneNumber.metadataKey] = ShippedPhoneMetadata.shared
        return decoder
    }

    @Test func roundTripsAsE164() throws {
        let number = try PhoneNumber.parse("+44 20 7946 0958", assumedRegion: nil, metadata: ShippedPhoneMetadata.shared).get()
        let data = try JSONEncoder().encode([number])
        #expect(String(decoding: data, as: UTF8.self) == #"["+442079460958"]"#)
        let back = try Self.decoder().decode([PhoneNumber].self, from: data)
        #expect(back == [number] && back[0].region == "GB")
    }

    @Test(arguments: [#"["+4420794"]"#, #"["020 7946 0958"]"#, #"["+44 20 7946 0958"]"#, #"[44]"#])
    func refusesWhatIsNotAValidE164Number(_ json: String) {
        #expect(throws: DecodingError.self) { try Self.decoder().decode([PhoneNumber].self, from: Data(json.utf8)) }
    }

    @Test func needsMetadata() {
        #expect(throws: DecodingError.self) { try JSONDecoder().decode([PhoneNumber].self, from: Data(#"["+442079460958"]"#.utf8)) }
    }
}
