import Testing

@Test func placeholder_DataTests() {}
