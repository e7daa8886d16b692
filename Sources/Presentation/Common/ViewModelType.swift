/// A view model turns a screen's inputs into its outputs, once (the seeds' strict unidirectional
/// pattern): Input and Output are structs of `let`s, and nothing else is public.
public protocol ViewModelType {
    associatedtype Input
    associatedtype Output
    func transform(input: Input) -> Output
}
