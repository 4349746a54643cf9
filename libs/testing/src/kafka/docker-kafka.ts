import { execFileSync } from 'node:child_process';
import { findExecutable } from '../util/find-executable';
import { findFreePort } from '../util/free-port';
import { isPortOpen } from '../util/port-probe';
import { onProcessExit } from '../util/process-reaper';
import { runCommand } from '../util/run-command';
import { sleep } from '../util/sleep';
import { KAFKA_STARTED_MESSAGE } from './server-properties';

export const DOCKER_KAFKA_IMAGE = 'apache/kafka:3.9.1';

/** True when a Docker CLI is on PATH and its engine answers `docker info`. */
export async function dockerEngineAvailable(): Promise<boolean> {
  const docker = findExecutable('docker');
  if (!docker) return false;
  const result = await runCommand(docker, ['info'], { timeoutMs: 15_000 }).catch(() => undefined);
  return result?.code === 0;
}

/**
 * Single-node KRaft Kafka in a container, reachable at 127.0.0.1:<free port>.
 * Two listeners because the advertised address must be the host port for clients while the
 * broker itself (inter-broker listener) can only reach its container-internal port.
 */
export async function startDockerKafka(startTimeoutMs = 90_000): Promise<{ brokers: string[]; stop(): Promise<void> }> {
  const docker = findExecutable('docker');
  if (!docker) throw new Error('docker CLI not found on PATH');
  const port = await findFreePort();
  const env: Record<string, string | number> = {
    KAFKA_NODE_ID: 1,
    KAFKA_PROCESS_ROLES: 'broker,controller',
    KAFKA_LISTENERS: 'PLAINTEXT://:19092,HOST://:9092,CONTROLLER://:9093',
    KAFKA_ADVERTISED_LISTENERS: `PLAINTEXT://localhost:19092,HOST://127.0.0.1:${port}`,
    KAFKA_LISTENER_SECURITY_PROTOCOL_MAP: 'PLAINTEXT:PLAINTEXT,HOST:PLAINTEXT,CONTROLLER:PLAINTEXT',
    KAFKA_INTER_BROKER_LISTENER_NAME: 'PLAINTEXT',
    KAFKA_CONTROLLER_LISTENER_NAMES: 'CONTROLLER',
    KAFKA_CONTROLLER_QUORUM_VOTERS: '1@localhost:9093',
    KAFKA_OFFSETS_TOPIC_REPLICATION_FACTOR: 1,
    KAFKA_OFFSETS_TOPIC_NUM_PARTITIONS: 1,
    KAFKA_TRANSACTION_STATE_LOG_REPLICATION_FACTOR: 1,
    KAFKA_TRANSACTION_STATE_LOG_MIN_ISR: 1,
    KAFKA_GROUP_INITIAL_REBALANCE_DELAY_MS: 0,
    KAFKA_GROUP_MIN_SESSION_TIMEOUT_MS: 1000,
    KAFKA_AUTO_CREATE_TOPICS_ENABLE: 'false',
    KAFKA_NUM_PARTITIONS: 3,
  };
  const envArgs = Object.entries(env).flatMap(([key, value]) => ['-e', `${key}=${value}`]);
  // The first run may pull the image, hence the long timeout.
  const run = await runCommand(docker, ['run', '-d', '--rm', '-p', `127.0.0.1:${port}:9092`, ...envArgs, DOCKER_KAFKA_IMAGE], {
    timeoutMs: 10 * 60_000,
  });
  const containerId = run.output.trim().split('\n').pop()?.trim() ?? '';
  if (run.code !== 0 || !/^[0-9a-f]{12,64}$/.test(containerId)) {
    throw new Error(`docker run ${DOCKER_KAFKA_IMAGE} failed (exit ${run.code ?? run.signal}):\n${run.output.trim()}`);
  }
  const unregister = onProcessExit(() => {
    execFileSync(docker, ['rm', '-f', containerId], { stdio: 'ignore', timeout: 30_000 });
  });
  const stop = async (): Promise<void> => {
    unregister();
    await runCommand(docker, ['rm', '-f', containerId], { timeoutMs: 60_000 });
  };

  const deadline = Date.now() + startTimeoutMs;
  for (;;) {
    const logs = await runCommand(docker, ['logs', containerId], { timeoutMs: 15_000, maxOutputChars: 200_000 });
    if (logs.output.includes(KAFKA_STARTED_MESSAGE) && (await isPortOpen('127.0.0.1', port))) break;
    if (logs.code !== 0 || Date.now() > deadline) {
      await stop().catch(() => undefined);
      throw new Error(
        `Kafka container ${containerId.slice(0, 12)} not ready after ${startTimeoutMs} ms. Logs:\n${logs.output.slice(-8000)}`,
      );
    }
    await sleep(500);
  }
  return { brokers: [`127.0.0.1:${port}`], stop };
}
