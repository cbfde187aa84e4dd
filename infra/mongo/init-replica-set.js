// mongosh script, run as the mongodb container's healthcheck (docker-compose.yml).
// Change streams and multi-document transactions need a replica set, so a single node is a
// one-member set. Idempotent: the first run initiates it, every later run only reports its state.
// Exit 0 (healthy) once this node is PRIMARY, 1 otherwise.
//
// The member's host is the compose service name, which the gateway and projector resolve. From the
// host machine connect with ?directConnection=true (localhost cannot resolve "mongodb").
const env = typeof process !== 'undefined' ? process.env : {};
const host = env.MONGO_REPLICA_HOST || 'mongodb:27017';

// Under --auth (the hardened setup, infra/README.md) nothing below is allowed anonymously: sign in as the root
// user the mongo image creates from MONGO_INITDB_ROOT_USERNAME / _PASSWORD when they are set. From the
// environment, not the command line, so the password stays out of the process list.
if (env.MONGO_INITDB_ROOT_USERNAME) {
  try {
    db.getSiblingDB('admin').auth(env.MONGO_INITDB_ROOT_USERNAME, env.MONGO_INITDB_ROOT_PASSWORD);
  } catch (error) {
    print(`sign-in as ${env.MONGO_INITDB_ROOT_USERNAME} failed: ${error.message}`);
    quit(1);
  }
}

let status;
try {
  status = rs.status();
} catch (error) {
  // NotYetInitialized (94): a fresh node. Anything else is a real problem worth seeing in `docker inspect`.
  if (error.code !== 94 && !/no replset config/i.test(String(error.message))) {
    print(`replica set status failed: ${error.message}`);
    quit(1);
  }
  const result = rs.initiate({ _id: 'rs0', members: [{ _id: 0, host }] });
  print(`replica set rs0 initiated with ${host}: ${JSON.stringify(result)}`);
  quit(1); // not PRIMARY yet; the next healthcheck reports it
}

const primary = db.hello().isWritablePrimary === true;
print(primary ? 'rs0 PRIMARY' : `rs0 not primary yet (state ${status.myState})`);
quit(primary ? 0 : 1);
