#!/usr/bin/env python3
"""A TCP proxy that delays each direction by a fixed time: a link with a round trip of twice that.

  delay_proxy.py --listen PORT --upstream PORT [--delay 0.020]

Listens on 127.0.0.1:PORT and connects every accepted connection to 127.0.0.1:UPSTREAM. Every chunk
read on one side is written to the other `--delay` seconds after it was read, in order, without
waiting for the chunks before it to be delivered first: latency without a bandwidth limit. The
client's TCP connect itself is to loopback and is not delayed, so every delayed round trip a client
makes comes after its connect (the TLS handshake, the requests). Prints "ready" once it listens.
"""

import argparse
import asyncio
import os
import signal
import socket
import sys


async def pipe(reader: asyncio.StreamReader, writer: asyncio.StreamWriter, delay: float):
    loop = asyncio.get_running_loop()
    queue: asyncio.Queue = asyncio.Queue()

    async def deliver():
        while True:
            due, chunk = await queue.get()
            wait = due - loop.time()
            if wait > 0:
                await asyncio.sleep(wait)
            if chunk is None:
                break
            writer.write(chunk)
            await writer.drain()
        # The other side ended its half: end ours, after the delay too.
        try:
            if writer.can_write_eof():
                writer.write_eof()
        except OSError:
            pass

    sender = asyncio.create_task(deliver())
    try:
        while True:
            chunk = await reader.read(65536)
            queue.put_nowait((loop.time() + delay, chunk or None))
            if not chunk:
                break
    except OSError:
        queue.put_nowait((loop.time() + delay, None))
    try:
        await sender
    except OSError:
        pass


async def serve(listen_port: int, upstream_port: int, delay: float):
    async def handle(client_reader, client_writer):
        client_writer.get_extra_info("socket").setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
        try:
            upstream_reader, upstream_writer = await asyncio.open_connection("127.0.0.1", upstream_port)
        except OSError:
            client_writer.close()
            return
        upstream_writer.get_extra_info("socket").setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
        await asyncio.gather(pipe(client_reader, upstream_writer, delay),
                             pipe(upstream_reader, client_writer, delay), return_exceptions=True)
        for writer in (client_writer, upstream_writer):
            writer.close()

    server = await asyncio.start_server(handle, "127.0.0.1", listen_port, backlog=512)
    print("ready", flush=True)
    async with server:
        await server.serve_forever()


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--listen", type=int, required=True)
    parser.add_argument("--upstream", type=int, required=True)
    parser.add_argument("--delay", type=float, default=0.020, help="seconds each direction is delayed")
    args = parser.parse_args()
    # Stopped with SIGTERM by the benchmark: end at once, connections and all.
    signal.signal(signal.SIGTERM, lambda *_: os._exit(0))
    try:
        asyncio.run(serve(args.listen, args.upstream, args.delay))
    except KeyboardInterrupt:
        sys.exit(0)


if __name__ == "__main__":
    main()
