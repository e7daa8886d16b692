import Testing

@Test func placeholder_DomainTests() {}
