class Stack[T]:
    def push(self, item: T) -> None:
        self.items.append(item)
