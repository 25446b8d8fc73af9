async def drain(stream):
    items = []
    async for item in stream:
        if item is None:
            break
        items.append(item)
    return items
