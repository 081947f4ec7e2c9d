import type { Db } from '../../db/client.ts';
import { userLogs } from '../../db/schema/schema.ts';

export type UserLogEntry = {
  username: string;
  clientId: string | null;
  messageCod: number;
  ipaddress: string;
  machinename: string;
  useragent: string | null;
  data: string | null;
};

export function userLogRepository(db: Db) {
  return {
    async write(entry: UserLogEntry, at: Date) {
      await db.insert(userLogs).values({ ...entry, fecha: at });
    },
  };
}
export type UserLogRepository = ReturnType<typeof userLogRepository>;
