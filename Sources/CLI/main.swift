print("report")
