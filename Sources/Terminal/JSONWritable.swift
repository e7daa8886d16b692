/// A value that writes itself as JSON, keys in ascending order.
public protocol JSONWritable {
    func write(to writer: inout JSONWriter)
}
