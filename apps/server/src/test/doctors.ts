/** Doctors and a treatment only they perform, made through the admin's routes, for staff tests. */
import type { InjectOptions } from 'fastify';
import type { TestApp } from './helper.ts';
import { makeImage, multipartBody } from './images.ts';

export async function addDoctorsWithTreatment(
  t: TestApp,
  admin: { token: string },
  { doctors, treatment }: { doctors: readonly string[]; treatment: string },
): Promise<{ doctorIds: string[]; treatmentId: string }> {
  const as = (options: InjectOptions) =>
    t.app.inject({ ...options, headers: { authorization: `Bearer ${admin.token}`, origin: t.origin, ...(options.headers ?? {}) } });
  const { payload, headers } = multipartBody('image', 'photo.png', 'image/png', await makeImage('png', 64, 64));
  const img = (await as({ method: 'POST', url: '/api/image', payload, headers })).json<{ data: { url: string } }>().data.url;
  const doctorIds: string[] = [];
  for (const name of doctors) {
    const res = await as({ method: 'POST', url: '/api/doctor', payload: { name, email: `${name.toLowerCase().replaceAll(' ', '.')}@clinic.test`, specialty: '', img } });
    doctorIds.push(res.json<{ insertedId: string }>().insertedId);
  }
  const created = await as({ method: 'POST', url: '/api/admin/treatments', payload: { name: treatment, price: 40, requiresDoctor: true, doctorIds } });
  return { doctorIds, treatmentId: created.json<{ insertedId: string }>().insertedId };
}
