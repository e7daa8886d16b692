// The Domain layer.
