#!/usr/bin/env python3
"""Makes the certificates of the TLS tests into DIR, at test time (nothing is committed):

  ca.pem            the test CA (trusted with --cacert)
  other-ca.pem      an unrelated CA
  ca-dir/           ca.pem as /etc/ssl/certs holds the system's CAs: hashed, and as ca-certificates.crt
  server.pem/.key   127.0.0.1, ::1, localhost and reports.test, signed by the CA, valid now
  wrong-host.pem/.key   other.example only, signed by the CA
  expired.pem/.key  127.0.0.1 and localhost, signed by the CA, expired in 2020
"""
import datetime
import ipaddress
import pathlib
import subprocess
import sys

from cryptography import x509
from cryptography.hazmat.primitives import hashes, serialization
from cryptography.hazmat.primitives.asymmetric import ec
from cryptography.x509.oid import NameOID


def key():
    return ec.generate_private_key(ec.SECP256R1())


def name(common):
    return x509.Name([x509.NameAttribute(NameOID.COMMON_NAME, common)])


def write(path, cert, private):
    path.with_suffix(".pem").write_bytes(cert.public_bytes(serialization.Encoding.PEM))
    if private is not None:
        path.with_suffix(".key").write_bytes(private.private_bytes(
            serialization.Encoding.PEM, serialization.PrivateFormat.PKCS8, serialization.NoEncryption()))


def make_ca(common):
    private = key()
    now = datetime.datetime.now(datetime.timezone.utc)
    cert = (x509.CertificateBuilder().subject_name(name(common)).issuer_name(name(common))
            .public_key(private.public_key()).serial_number(x509.random_serial_number())
            .not_valid_before(now - datetime.timedelta(days=1)).not_valid_after(now + datetime.timedelta(days=30))
            .add_extension(x509.BasicConstraints(ca=True, path_length=None), critical=True)
            .add_extension(x509.KeyUsage(digital_signature=True, key_cert_sign=True, crl_sign=True,
                                         content_commitment=False, key_encipherment=False, data_encipherment=False,
                                         key_agreement=False, encipher_only=False, decipher_only=False), critical=True)
            .add_extension(x509.SubjectKeyIdentifier.from_public_key(private.public_key()), critical=False)
            .sign(private, hashes.SHA256()))
    return cert, private


def make_leaf(ca, ca_key, dns, ips, not_before, not_after):
    private = key()
    names = [x509.DNSName(d) for d in dns] + [x509.IPAddress(ipaddress.ip_address(i)) for i in ips]
    cert = (x509.CertificateBuilder().subject_name(name(dns[0])).issuer_name(ca.subject)
            .public_key(private.public_key()).serial_number(x509.random_serial_number())
            .not_valid_before(not_before).not_valid_after(not_after)
            .add_extension(x509.SubjectAlternativeName(names), critical=False)
            .add_extension(x509.BasicConstraints(ca=False, path_length=None), critical=True)
            .add_extension(x509.ExtendedKeyUsage([x509.oid.ExtendedKeyUsageOID.SERVER_AUTH]), critical=False)
            .add_extension(x509.AuthorityKeyIdentifier.from_issuer_public_key(ca_key.public_key()), critical=False)
            .sign(ca_key, hashes.SHA256()))
    return cert, private


def main(directory):
    out = pathlib.Path(directory)
    out.mkdir(parents=True, exist_ok=True)
    now = datetime.datetime.now(datetime.timezone.utc)
    ca, ca_key = make_ca("report test CA")
    write(out / "ca", ca, ca_key)
    other, other_key = make_ca("an unrelated CA")
    write(out / "other-ca", other, other_key)
    valid = (now - datetime.timedelta(days=1), now + datetime.timedelta(days=30))
    write(out / "server", *make_leaf(ca, ca_key, ["localhost", "reports.test"], ["127.0.0.1", "::1"], *valid))
    write(out / "wrong-host", *make_leaf(ca, ca_key, ["other.example"], [], *valid))
    expired = (datetime.datetime(2020, 1, 1, tzinfo=datetime.timezone.utc),
               datetime.datetime(2020, 2, 1, tzinfo=datetime.timezone.utc))
    write(out / "expired", *make_leaf(ca, ca_key, ["localhost"], ["127.0.0.1"], *expired))
    hashed = out / "ca-dir"
    hashed.mkdir(exist_ok=True)
    (hashed / "report-test-ca.pem").write_bytes((out / "ca.pem").read_bytes())
    # libcurl's default bundle lives in the same directory on Debian.
    (hashed / "ca-certificates.crt").write_bytes((out / "ca.pem").read_bytes())
    subprocess.run(["openssl", "rehash", str(hashed)], check=True, stderr=subprocess.DEVNULL)


if __name__ == "__main__":
    main(sys.argv[1])
