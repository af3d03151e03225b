import FieldKit
internal import CYAML

/// Turns libyaml's events, one at a time, into a `YAMLNode` tree: no recursion, so input depth cannot overflow the stack.
struct TreeBuilder {
    /// A sequence or mapping whose end event has not come yet.
    private struct Open {
        let isMapping: Bool
        let line: Int
        let column: Int
        let anchor: String?
        /// Finished children; for a mapping, keys and values alternate.
        var children: [YAMLNode] = []
        /// How many levels the deepest child reaches below this node, aliases expanded.
        var childHeight = 0
    }

    /// A finished node with what it stands for once aliases are expanded: how many levels it reaches and how many
    /// nodes it counts (an alias shares its anchor's storage, but readers walk every copy).
    private struct Anchored {
        let node: YAMLNode
        let height: Int
        let size: Int
    }

    private var open: [Open] = []
    /// Finished nodes by anchor name; a later anchor of the same name replaces an earlier one, as YAML says.
    private var anchors: [String: Anchored] = [:]
    /// Nodes in the document so far with every alias expanded (`YAMLComposer.maxNodes`).
    private var expandedNodes = 0
    /// The size of each open collection's subtree so far, aliases expanded, for anchors on collections.
    private var openSizes: [Int] = []
    private var documents = 0
    /// The first document's top node, once it is finished.
    private(set) var root: YAMLNode?

    /// Take one event; true once the stream has ended. Throws at a second document or an alias without an anchor.
    mutating func take(_ event: yaml_event_t) throws(YAMLError) -> Bool {
        let line = Int(event.start_mark.line) + 1, column = Int(event.start_mark.column) + 1
        switch event.type {
        case YAML_STREAM_END_EVENT:
            return true
        case YAML_DOCUMENT_START_EVENT:
            documents += 1
            if documents > 1 {
                throw YAMLError(line: line, column: column,
                                message: tr("YAML: a second document starts here, but a keymap file is one document"))
            }
        case YAML_SCALAR_EVENT:
            let scalar = event.data.scalar
            let text = scalar.value.map { String(decoding: UnsafeBufferPointer(start: $0, count: scalar.length), as: UTF8.self) } ?? ""
            try count(1, line: line, column: column)
            // The text maps onto the file one to one when its span is exactly its characters (plus the quotes): no
            // escapes, no folded line breaks.
            let span = event.end_mark.line == event.start_mark.line ? Int(event.end_mark.column) - Int(event.start_mark.column) : -1
            let characters = text.unicodeScalars.count
            let textColumn: Int? = switch scalar.style {
            case YAML_PLAIN_SCALAR_STYLE where span == characters: column
            case YAML_SINGLE_QUOTED_SCALAR_STYLE where span == characters + 2, YAML_DOUBLE_QUOTED_SCALAR_STYLE where span == characters + 2: column + 1
            default: nil
            }
            finish(YAMLNode(.scalar(text), line: line, column: column, textColumn: textColumn,
                            isPlain: scalar.style == YAML_PLAIN_SCALAR_STYLE), anchor: name(scalar.anchor), height: 1, size: 1)
        case YAML_SEQUENCE_START_EVENT, YAML_MAPPING_START_EVENT:
            guard open.count < YAMLComposer.maxDepth else {
                throw YAMLError(line: line, column: column, message: tr("YAML: nested more than \(YAMLComposer.maxDepth) levels deep"))
            }
            let isMapping = event.type == YAML_MAPPING_START_EVENT
            let anchor = isMapping ? name(event.data.mapping_start.anchor) : name(event.data.sequence_start.anchor)
            try count(1, line: line, column: column)
            open.append(Open(isMapping: isMapping, line: line, column: column, anchor: anchor))
            openSizes.append(1)
        case YAML_SEQUENCE_END_EVENT, YAML_MAPPING_END_EVENT:
            guard let done = open.popLast(), let size = openSizes.popLast() else { break }
            let content: YAMLNode.Content
            if done.isMapping {
                // libyaml always closes a mapping after a value, so the children pair up exactly.
                content = .mapping(stride(from: 0, to: done.children.count - 1, by: 2).map {
                    YAMLPair(key: done.children[$0], value: done.children[$0 + 1])
                })
            } else {
                content = .sequence(done.children)
            }
            finish(YAMLNode(content, line: done.line, column: done.column), anchor: done.anchor,
                   height: done.childHeight + 1, size: size)
        case YAML_ALIAS_EVENT:
            let alias = name(event.data.alias.anchor) ?? ""
            guard let target = anchors[alias] else {
                let message = open.contains { $0.anchor == alias }
                    ? tr("YAML: alias '*\(alias)' is inside the node its anchor names")
                    : tr("YAML: unknown alias '*\(alias)' (no '&\(alias)' before it)")
                throw YAMLError(line: line, column: column, message: message)
            }
            // An alias repeats its anchor's whole subtree: bound the depth and the size it stands for here, at the
            // alias, before any reader walks it (the depth of each copy is where it is used).
            if open.count + target.height > YAMLComposer.maxDepth {
                throw YAMLError(line: line, column: column,
                                message: tr("YAML: alias '*\(alias)' nests the document more than \(YAMLComposer.maxDepth) levels deep"))
            }
            try count(target.size, line: line, column: column)
            // The copy is positioned at the alias, where it is used; its children keep the anchor's positions.
            finish(YAMLNode(target.node.content, line: line, column: column, isPlain: target.node.isPlain), anchor: nil, height: target.height,
                   size: target.size)
        default:
            break  // stream start, document end
        }
        return false
    }

    /// A finished node goes into the open collection, or becomes the root.
    private mutating func finish(_ node: YAMLNode, anchor: String?, height: Int, size: Int) {
        if let anchor { anchors[anchor] = Anchored(node: node, height: height, size: size) }
        if open.isEmpty {
            root = node
        } else {
            open[open.count - 1].children.append(node)
            open[open.count - 1].childHeight = max(open[open.count - 1].childHeight, height)
            openSizes[openSizes.count - 1] += size
        }
    }

    /// Count `nodes` more in the expanded document, refusing it past `YAMLComposer.maxNodes`.
    private mutating func count(_ nodes: Int, line: Int, column: Int) throws(YAMLError) {
        expandedNodes += nodes
        guard expandedNodes <= YAMLComposer.maxNodes else {
            throw YAMLError(line: line, column: column,
                            message: tr("YAML: the document stands for more than \(YAMLComposer.maxNodes) nodes once its aliases are expanded"))
        }
    }

    /// An anchor or alias name from libyaml (NUL-terminated UTF-8), if there is one.
    private func name(_ pointer: UnsafeMutablePointer<yaml_char_t>?) -> String? {
        pointer.map { String(cString: $0) }
    }
}
