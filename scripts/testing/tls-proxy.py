#!/usr/bin/python3
"""A TLS front for a server that speaks plain HTTP on loopback (Xandikos has no TLS of its own).

Usage: tls-proxy.py LISTEN_PORT BACKEND_PORT CERT KEY

Each client connection gets one backend connection, and bytes go both ways unchanged, so
keep-alive and every header pass through: a client sees the backend as if it spoke TLS. For
the tests and scripts/bench-sync only; it listens on 127.0.0.1 and stops on SIGTERM.
"""
import asyncio
import signal
import ssl
import sys


async def pipe(reader, writer):
    try:
        while True:
            data = await reader.read(1 << 16)
            if not data:
                break
            writer.write(data)
            await writer.drain()
    except (ConnectionError, ssl.SSLError, asyncio.IncompleteReadError):
        pass
    finally:
        try:
            writer.close()
        except Exception:
            pass


async def main():
    listen, backend, cert, key = int(sys.argv[1]), int(sys.argv[2]), sys.argv[3], sys.argv[4]
    context = ssl.SSLContext(ssl.PROTOCOL_TLS_SERVER)
    context.load_cert_chain(cert, key)

    async def serve(client_reader, client_writer):
        try:
            server_reader, server_writer = await asyncio.open_connection("127.0.0.1", backend)
        except OSError:
            client_writer.close()
            return
        await asyncio.gather(pipe(client_reader, server_writer), pipe(server_reader, client_writer))

    server = await asyncio.start_server(serve, "127.0.0.1", listen, ssl=context)
    stop = asyncio.get_running_loop().create_future()
    asyncio.get_running_loop().add_signal_handler(signal.SIGTERM, stop.set_result, None)
    async with server:
        await stop


asyncio.run(main())
